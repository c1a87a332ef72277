from django.urls import path

from companion import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<slug:game>/", views.create, name="create"),
    path("join/", views.find, name="find"),
    path("t/<str:code>/", views.table_page, name="table"),
    path("t/<str:code>/join/", views.join, name="join"),
    path("t/<str:code>/move/", views.move, name="move"),
    path("t/<str:code>/tick/", views.tick, name="tick"),
    path("t/<str:code>/leave/", views.leave, name="leave"),
    path("t/<str:code>/host/<slug:name>/", views.host_action, name="host_action"),
]
