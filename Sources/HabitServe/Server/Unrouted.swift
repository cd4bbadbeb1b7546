import Hummingbird

/// A request no route takes is answered as if a route of the pages had refused it: the login
/// first (401, so that no one who is not logged in learns which addresses exist), then 405 with `Allow` at an address of the API
/// with another method, 404 to a GET or POST and 405 to any other method. `/login` needs no login: any other method there is 405.
struct Unrouted: RouterMiddleware {
    let authenticator: Authenticator

    func handle(_ request: Request, context: ServeContext, next: (Request, ServeContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && context.endpointPath == "NotFound" {
            // Hummingbird's own "no route" (it names the endpoint so; a route answers, never throws).
            let call = WebApp.Call(request: request, context: context)
            if request.uri.path != WebRoutes.login {
                // A token is taken under the API's address only, as by the API's routes.
                let bearer = APIRoutes.handles(request.uri.path)
                guard authenticator.principal(request, acceptsBearer: bearer) != nil else { return Authentication.askToLogIn(call) }
            }
            // An address of the API with another method is 405 naming the ones it takes (RFC 9110).
            if let allowed = APIRoutes.methods[request.uri.path] {
                var refusal = call.problem(.methodNotAllowed, call.text[.webBadRequest])
                refusal.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                return refusal
            }
            if request.method == .get || request.method == .post { return call.problem(.notFound, call.text[.webNotFound]) }
            return call.problem(.methodNotAllowed, call.text[.webBadRequest])
        }
    }
}
