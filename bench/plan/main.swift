print("bench-plan: not yet")
