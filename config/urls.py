from django.urls import include, path

urlpatterns = [
    path("", include("companion.web.urls")),
]

handler400 = "companion.web.views.bad_request"
handler404 = "companion.web.views.not_found"
