import ContainmentService
print("containment: not yet")
