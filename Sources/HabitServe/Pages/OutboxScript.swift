/// The outbox: the page's changes kept in IndexedDB (`habit-outbox`, the store `changes`, in the
/// order made) until the server applied or refused each id. A change is a state (a mark says what
/// the day must be), so a newer mark of the same tracker and day replaces a waiting older one.
/// `window.habitOutbox` offers add, all, remove, refuse and retry, each a Promise.
enum OutboxScript {
    static let javascript = #"""
        (function () {
          'use strict';
          if (!window.indexedDB) return;
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
            if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
            var bytes = new Uint8Array(16); crypto.getRandomValues(bytes);
            return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
          }
          function all() {
            return run('readonly', function (store, done) {
              var request = store.getAll();
              request.onsuccess = function () { done(request.result); };
            });
          }
          window.habitOutbox = {
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
            }
          };
        })();

        """#
}
