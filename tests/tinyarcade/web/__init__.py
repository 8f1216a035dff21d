"""The tiny arcade's page."""
