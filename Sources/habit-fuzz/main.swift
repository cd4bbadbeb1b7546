// Replaced by the reliability work.
print("habit-fuzz: not built yet")
