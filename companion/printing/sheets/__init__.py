"""One module per kind of sheet; each turns printable items into planned PDF pages."""
