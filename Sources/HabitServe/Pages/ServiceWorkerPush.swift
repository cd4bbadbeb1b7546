/// The service worker's reminders (Web Push): the server's message (JSON: title, body, tracker,
/// date, tag, url and the words of its two actions) shown as a notification with Done and
/// Snooze 10 min, which work without opening the app. Done is a mark put in the page's own outbox
/// (OutboxScript, the same text in the worker) and sent as the page sends it; unanswered (no
/// network, the server down) it waits there until a page or the next reminder sends it, so a Done
/// tapped offline lands later, once. Snooze asks the server to remind again
/// (`POST /api/v1/push/snooze`); a tap on the notification itself opens the app at the day.
/// The CSRF token is asked of the server (`GET /api/v1/day`) each time the worker sends: nothing
/// kept at rest, and a restarted server's new token is the one used.
enum ServiceWorkerPush {
    static let javascript = OutboxScript.javascript + #"""
        (function () {
          'use strict';
          var SLICE = 50;
          function request(url, options) {
            options.credentials = 'same-origin'; options.cache = 'no-store';
            return fetch(url, options);
          }
          function csrf() {
            return request('/api/v1/day', { headers: { 'Accept': 'application/json' } }).then(function (response) {
              if (!response.ok) throw new Error('day: ' + response.status);
              return response.json();
            }).then(function (day) { return day.csrf || ''; });
          }
          // The app's open windows redraw their cards (AppScript listens for 'outbox').
          function tell() {
            return self.clients.matchAll({ type: 'window' }).then(function (list) {
              list.forEach(function (client) { client.postMessage('outbox'); });
            });
          }
          // What waits in the outbox, sent as the page sends it; a failure leaves it waiting.
          function send() {
            var outbox = self.habitOutbox;
            if (!outbox) return Promise.resolve();
            return outbox.all().then(function (entries) {
              if (!entries.some(function (e) { return e.status === 'waiting'; })) return;
              return csrf().then(function (token) {
                return outbox.send(function (body) {
                  return request('/api/v1/changes', {
                    method: 'POST',
                    headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRF-Token': token },
                    body: body
                  });
                }, SLICE);
              }).then(function (sent) { if (sent.more) return send(); });
            }).catch(function () {});
          }
          // An open window of the app brought forward at the reminder's day, else a new one.
          function open(url) {
            var target = new URL(url || '/', self.location.origin);
            if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
            return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
              var mine = list.filter(function (c) { return new URL(c.url).origin === self.location.origin; });
              var hit = mine.filter(function (c) { return c.url === target.href; })[0] || mine[0];
              if (!hit) return self.clients.openWindow(target.href);
              return hit.focus().then(function (client) {
                if (client && client.url !== target.href && client.navigate) return client.navigate(target.href);
              }).catch(function () {});
            });
          }

          self.addEventListener('push', function (event) {
            var data = {};
            try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
            var words = data.actions || {};
            var actions = [];
            if (words.done && data.tracker && data.date) actions.push({ action: 'done', title: words.done });
            if (words.snooze && data.tracker && data.date) actions.push({ action: 'snooze', title: words.snooze });
            var options = { body: data.body || '', data: data, actions: actions, icon: '/static/icon-192.png', badge: '/static/icon-192.png' };
            if (data.tag) options.tag = data.tag;
            // A reminder arrives when the server is up: a Done that waited goes with it.
            event.waitUntil(self.registration.showNotification(data.title || 'habit', options).then(send).then(tell));
          });

          self.addEventListener('notificationclick', function (event) {
            var data = event.notification.data || {};
            event.notification.close();
            if (event.action === 'done' && self.habitOutbox) {
              var change = { kind: 'mark', tracker: data.tracker, date: data.date, state: 'done' };
              event.waitUntil(self.habitOutbox.add(change).then(send).then(tell));
            } else if (event.action === 'snooze') {
              event.waitUntil(csrf().then(function (token) {
                return request('/api/v1/push/snooze', {
                  method: 'POST',
                  headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
                  body: JSON.stringify({ tracker: data.tracker, date: data.date })
                });
              }).catch(function () {}));
            } else {
              event.waitUntil(open(data.url));
            }
          });
        })();

        """#
}
