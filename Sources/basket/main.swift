print("basket")
