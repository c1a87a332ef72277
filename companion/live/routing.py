from django.urls import path

from companion.live.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/t/<str:code>/", TableConsumer.as_asgi()),
]
