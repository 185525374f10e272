print("reel: not yet")
