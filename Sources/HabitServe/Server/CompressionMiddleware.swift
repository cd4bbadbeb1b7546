import Hummingbird

/// Every answer, a refusal too, compressed as `Compression` says.
struct CompressionMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        Compression.apply(try await next(request, context), acceptEncoding: request.headers[.acceptEncoding])
    }
}
