"""The web pages and the app shell: views and urls, middleware, the home-screen app, the party
server on a laptop, and the logging they share."""
