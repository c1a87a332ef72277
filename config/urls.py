from django.urls import include, path

urlpatterns = [
    path("", include("companion.urls")),
]
