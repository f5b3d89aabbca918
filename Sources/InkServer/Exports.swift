// The wire shapes (`WireStroke`, `SearchAnswer`, ...) are the HTTP API's types: a client of the
// server sees them with `import InkServer`, as before they moved to InkWire (shared with the C
// library).
@_exported import InkWire
