/// The service worker (`/sw.js`): the app shell kept under its version, and the day pages the user
/// looked at lately (the newest `pages` of them), so that the app opens with no network and shows
/// the day as last known; the page says it is offline and how old that is. A page is asked of the
/// network first (a few seconds), and only then taken from the cache. The cache is the browser's
/// own, per origin and profile: a day page is `Cache-Control: private`, never in a shared cache.
/// The tracker form and the category picker are kept the same way (`habit-forms`), so that their
/// changes too are made offline and wait in the outbox. A new version waits until the page's
/// "Reload to update" posts "activate". Reminders: ServiceWorkerPush.
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
            // The tracker form and the category picker, kept apart from the days (their own cache, the
            // same bound), so that a change made on them offline waits in the outbox. The forms with
            // no tracker in them are kept along with a day, ahead of being needed; a tracker's Edit
            // form when opened, or when its card's menu is opened (FormOutboxScript).
            var FORMS = 'habit-forms';
            var AHEAD = ['/new', '/new?kind=habit', '/new?kind=event', '/categories'];
            function isForm(url) {
              return url.origin === self.location.origin && ['/new', '/edit', '/categories', '/category/delete'].indexOf(url.pathname) >= 0;
            }
            var keptAhead = 0;
            function keepAhead() {
              // Once a minute at most: a day looked at again and again asks them again only then.
              if (+new Date - keptAhead < 60000) return;
              keptAhead = +new Date;
              return caches.open(FORMS).then(function (cache) {
                return Promise.all(AHEAD.map(function (path) {
                  return fetch(path, { credentials: 'same-origin' }).then(function (response) {
                    var html = (response.headers.get('Content-Type') || '').indexOf('text/html') === 0;
                    if (response.status === 200 && html && !response.redirected) return cache.put(new Request(new URL(path, self.location.origin).href), response);
                  }, function () {});
                }));
              });
            }
            function keep(request, response, name) {
              return caches.open(name || PAGES).then(function (cache) {
                return cache.put(request, response).then(function () { return cache.keys(); }).then(function (keys) {
                  // Oldest first: what was looked at longest ago goes when there are too many.
                  return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP)).map(function (k) { return cache.delete(k); }));
                });
              });
            }
            function fromCache(request, name) {
              if (name === FORMS) return caches.open(FORMS).then(function (cache) {
                // The picker opened from a form not kept is the picker kept (without its way back);
                // another form is never taken for the one asked (another tracker's, another kind).
                return cache.match(request, { ignoreVary: true }).then(function (hit) {
                  return hit || (new URL(request.url).pathname === '/categories' ? cache.match(new URL('/categories', self.location.origin).href) : undefined);
                });
              }).then(function (hit) { return hit || fromCache(new Request(new URL('/', self.location.origin).href)); });
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
              var day = isDay(url);
              if (request.mode === 'navigate' && (day || isForm(url))) {
                var name = day ? PAGES : FORMS;
                event.respondWith(network(request).then(function (response) {
                  // A proxy's 502 or a login page is not the day: the kept day is shown instead.
                  var html = (response.headers.get('Content-Type') || '').indexOf('text/html') === 0;
                  if (response.status === 200 && html && !response.redirected) {
                    var copy = response.clone();
                    event.waitUntil(keep(new Request(url.href), copy, name).then(function () { if (day) return keepAhead(); }));
                    return response;
                  }
                  if (response.status >= 500) return fromCache(new Request(url.href), name).then(function (hit) { return hit || response; });
                  return response;
                }, function () {
                  return fromCache(new Request(url.href), name).then(function (hit) { return hit || Response.error(); });
                }));
              }
            });

            """ + ServiceWorkerPush.javascript
    }
}
