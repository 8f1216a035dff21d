"""The tiny arcade's games as the page knows them: one folder per game."""
