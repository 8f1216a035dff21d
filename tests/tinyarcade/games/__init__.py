"""The tiny arcade's rules: one package per game."""
