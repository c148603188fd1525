/* Test-only: LD_PRELOAD this library to make the TIOCM* modem-line ioctls succeed on
   pseudo-terminals, which libserialport 0.1.1 insists on (see docs/testing.md). */
