/// The live map page: one HTML document, its script and its style sheet, served from memory so
/// the binary needs no resource bundle. Leaflet itself comes from the system path (`/leaflet/`).
/// The three parts live in `LivePage+HTML.swift`, `LivePage+Script.swift` and `LivePage+Style.swift`.
enum LivePage {}
