/// The contract served at `GET /openapi.yaml`: `yaml` is openapi.yaml's text, embedded at build
/// time by Plugins/EmbedFilesPlugin so the binary needs no resource bundle.
enum OpenAPIDocument {}
