"""Game packages. Each subpackage registers one game when imported."""
