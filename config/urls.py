from django.urls import include, path

urlpatterns = [
    path("", include("companion.urls")),
]

handler400 = "companion.views.bad_request"
handler404 = "companion.views.not_found"
