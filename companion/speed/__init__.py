"""Every device that exists only for speed. Each module's first line says what it saves, and its
next points to its row in docs/performance.md#the-speed-devices-an-inventory."""
