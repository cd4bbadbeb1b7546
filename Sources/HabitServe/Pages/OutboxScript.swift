/// The outbox: the page's changes kept in IndexedDB (`habit-outbox`, the store `changes`, in the
/// order made) until the server applied or refused each id. A change is a state (a mark says what
/// the day must be), so a newer mark of the same tracker and day replaces a waiting older one.
/// `self.habitOutbox` offers add, all, remove, refuse, retry and send, each a Promise. The same text
/// runs in the page (AppScript) and in the service worker (ServiceWorkerPush: Done on a
/// notification), so both keep and send changes by one set of rules; `self` is the window in one
/// and the worker's global scope in the other.
enum OutboxScript {
    static let javascript = #"""
        (function () {
          'use strict';
          if (!self.indexedDB) return;
          var opening = null;
          function db() {
            if (opening) return opening;
            opening = new Promise(function (resolve, reject) {
              var request = indexedDB.open('habit-outbox', 1);
              request.onupgradeneeded = function () { request.result.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true }); };
              request.onsuccess = function () { resolve(request.result); };
              request.onerror = function () { opening = null; reject(request.error); };
            });
            return opening;
          }
          function run(mode, work) {
            return db().then(function (database) {
              return new Promise(function (resolve, reject) {
                var transaction = database.transaction('changes', mode);
                var result;
                work(transaction.objectStore('changes'), function (value) { result = value; });
                transaction.oncomplete = function () { resolve(result); };
                transaction.onerror = transaction.onabort = function () { reject(transaction.error); };
              });
            });
          }
          function uuid() {
            if (self.crypto && crypto.randomUUID) return crypto.randomUUID();
            var bytes = new Uint8Array(16); crypto.getRandomValues(bytes);
            return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
          }
          function all() {
            return run('readonly', function (store, done) {
              var request = store.getAll();
              request.onsuccess = function () { done(request.result); };
            });
          }
          var outbox = self.habitOutbox = {
            all: all,
            // `label`: the tracker's name as the page showed it, for the list of refused changes.
            add: function (change, label) {
              change.id = change.id || uuid();
              return run('readwrite', function (store, done) {
                var request = store.getAll();
                request.onsuccess = function () {
                  request.result.forEach(function (e) {
                    var c = e.change;
                    // Of one tracker only: two new trackers or two category changes are both kept.
                    var same = e.status === 'waiting' && c.kind === change.kind && change.tracker !== undefined && c.tracker === change.tracker &&
                      (change.kind !== 'mark' || c.date === change.date) && change.kind !== 'delete';
                    if (same) store.delete(e.seq);
                  });
                  store.add({ change: change, label: label, status: 'waiting', made: +new Date });
                  done(change);
                };
              });
            },
            remove: function (seq) { return run('readwrite', function (store) { store.delete(seq); }); },
            refuse: function (seq, reason, message) {
              return run('readwrite', function (store) {
                var request = store.get(seq);
                request.onsuccess = function () {
                  var e = request.result; if (!e) return;
                  e.status = 'refused'; e.reason = reason; e.message = message; store.put(e);
                };
              });
            },
            retry: function (seq) {
              return run('readwrite', function (store) {
                var request = store.get(seq);
                request.onsuccess = function () {
                  var e = request.result; if (!e) return;
                  e.status = 'waiting'; delete e.reason; delete e.message; store.put(e);
                };
              });
            },
            // Sends the oldest `slice` waiting changes with `post(body)` (a Promise of the response
            // to `POST /api/v1/changes`); a change leaves only when its id is answered applied,
            // is kept as refused when refused, and waits on for a retry or any other answer.
            // Resolves to { status, more }: the status (0 when nothing waited), and whether more wait.
            send: function (post, slice) {
              return all().then(function (entries) {
                var waiting = entries.filter(function (e) { return e.status === 'waiting'; }).slice(0, slice);
                if (!waiting.length) return { status: 0, more: false };
                return post(JSON.stringify({ changes: waiting.map(function (e) { return e.change; }) })).then(function (response) {
                  if (response.status !== 200) return { status: response.status, more: false };
                  var type = response.headers.get('Content-Type') || '';
                  if (type.indexOf('application/json') !== 0) throw new Error('not JSON');
                  return response.json().then(function (answer) {
                    var byId = {};
                    waiting.forEach(function (e) { byId[e.change.id] = e; });
                    var results = answer.results || [];
                    return Promise.all(results.map(function (r) {
                      var e = byId[r.id];
                      if (!e) return null;
                      if (r.status === 'applied') return outbox.remove(e.seq);
                      if (r.status === 'refused') return outbox.refuse(e.seq, r.reason, r.message);
                      return null;
                    })).then(function () {
                      return { status: 200, more: results.every(function (r) { return r.status !== 'retry'; }) && waiting.length === slice };
                    });
                  });
                });
              });
            }
          };
        })();

        """#
}
