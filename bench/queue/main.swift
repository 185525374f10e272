print("bench-queue: not yet")
