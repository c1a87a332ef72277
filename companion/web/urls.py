from django.urls import path

from companion.web import views, webapp

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<slug:game>/", views.create, name="create"),
    path("join/", views.find, name="find"),
    path("t/<str:code>/", views.table_page, name="table"),
    path("t/<str:code>/join/", views.join, name="join"),
    path("t/<str:code>/move/", views.move, name="move"),
    path("t/<str:code>/tick/", views.tick, name="tick"),
    path("t/<str:code>/leave/", views.leave, name="leave"),
    path("t/<str:code>/evening.png", views.evening_picture, name="evening_picture"),
    path("t/<str:code>/claim/", views.claim, name="claim"),
    path("t/<str:code>/asks/", views.join_asks, name="join_asks"),
    path("t/<str:code>/host/<slug:name>/", views.host_action, name="host_action"),
    path("manifest.webmanifest", webapp.manifest, name="manifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("offline/", webapp.offline, name="offline"),
    path("resume/", webapp.resume, name="resume"),
]
