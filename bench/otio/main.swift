print("bench-otio: placeholder")
