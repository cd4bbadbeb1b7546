/// The service worker (`/sw.js`): the app shell kept under its version, and the day pages the user
/// looked at lately (the newest `pages` of them), so that the app opens with no network and shows
/// the day as last known; the page says it is offline and how old that is. A page is asked of the
/// network first (a few seconds), and only then taken from the cache. The cache is the browser's
/// own, per origin and profile: a day page is `Cache-Control: private`, never in a shared cache.
/// A new version waits until the page's "Reload to update" posts "activate". Reminders: ServiceWorkerPush.
enum ServiceWorkerScript {
    static let pages = 14

    static func javascript(version: String, shell: [String]) -> String {
        let list = shell.map { "'\($0)'" }.joined(separator: ", ")
        return """
            'use strict';
            var VERSION = '\(version)';
            var SHELL = 'habit-shell-' + VERSION;
            var PAGES = 'habit-pages';
            var FILES = [\(list)];
            var KEEP = \(pages);
            var WAIT = 4000;

            self.addEventListener('install', function (event) {
              event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(FILES); }));
            });
            self.addEventListener('activate', function (event) {
              event.waitUntil(caches.keys().then(function (names) {
                return Promise.all(names.filter(function (n) { return n.indexOf('habit-shell-') === 0 && n !== SHELL; })
                  .map(function (n) { return caches.delete(n); }));
              }).then(function () { return self.clients.claim(); }));
            });
            self.addEventListener('message', function (event) {
              if (event.data === 'activate') self.skipWaiting();
            });

            // A day page: the main screen, with or without a date.
            function isDay(url) {
              return url.origin === self.location.origin && url.pathname === '/' && !url.searchParams.has('q') && !url.searchParams.has('filter');
            }
            function keep(request, response) {
              return caches.open(PAGES).then(function (cache) {
                return cache.put(request, response).then(function () { return cache.keys(); }).then(function (keys) {
                  // Oldest first: what was looked at longest ago goes when there are too many.
                  return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP)).map(function (k) { return cache.delete(k); }));
                });
              });
            }
            function fromCache(request) {
              return caches.open(PAGES).then(function (cache) {
                return cache.match(request, { ignoreVary: true }).then(function (hit) {
                  if (hit) return hit;
                  // Another day, else the newest day kept: better than the browser's error page.
                  return cache.keys().then(function (keys) { return keys.length ? cache.match(keys[keys.length - 1]) : undefined; });
                });
              });
            }
            function network(request) {
              return new Promise(function (resolve, reject) {
                var timer = setTimeout(function () { reject(new Error('timeout')); }, WAIT);
                fetch(request).then(function (r) { clearTimeout(timer); resolve(r); }, function (e) { clearTimeout(timer); reject(e); });
              });
            }
            self.addEventListener('fetch', function (event) {
              var request = event.request;
              if (request.method !== 'GET') return;
              var url = new URL(request.url);
              if (url.origin !== self.location.origin) return;
              if (FILES.indexOf(url.pathname) >= 0) {
                event.respondWith(caches.open(SHELL).then(function (cache) {
                  return cache.match(url.pathname).then(function (hit) { return hit || fetch(request); });
                }));
                return;
              }
              if (request.mode === 'navigate' && isDay(url)) {
                event.respondWith(network(request).then(function (response) {
                  // A proxy's 502 or a login page is not the day: the kept day is shown instead.
                  var html = (response.headers.get('Content-Type') || '').indexOf('text/html') === 0;
                  if (response.status === 200 && html && !response.redirected) {
                    var copy = response.clone();
                    event.waitUntil(keep(new Request(url.href), copy));
                    return response;
                  }
                  if (response.status >= 500) return fromCache(new Request(url.href)).then(function (hit) { return hit || response; });
                  return response;
                }, function () {
                  return fromCache(new Request(url.href)).then(function (hit) { return hit || Response.error(); });
                }));
              }
            });

            """ + ServiceWorkerPush.javascript
    }
}
