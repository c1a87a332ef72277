"""Every device that exists only for speed. Each module says what it saves and points to its row
in docs/performance.md."""
