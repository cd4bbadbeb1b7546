/// "Remind me on this device", below the day's cards: the main screen is where the user is when a
/// habit is due and where the app's other device-wide control ("Sync now") sits; the app has no
/// settings page, and the welcome pages are seen once. A tap asks the browser's permission,
/// subscribes to Web Push with the server's key (`GET /api/v1/push/key`) and gives the server the
/// subscription (`PUT /api/v1/push/subscription`); once on, it says so and offers to turn it off
/// (`DELETE`, then the browser's subscription ends). Hidden where the browser has no PushManager
/// (iOS Safari outside an app added to the home screen, plain HTTP); when notifications are
/// blocked it says so and where to allow them. The notifications themselves: ServiceWorkerPush.
struct ReminderControl {
    let text: WebText

    func render() -> String {
        var html = "<section class=\"remind\" hidden data-on=\"\(HTML.escape(text[.webRemindersOn]))\""
        html += " data-blocked=\"\(HTML.escape(text[.webRemindersBlocked]))\" data-failed=\"\(HTML.escape(text[.webRemindersFailed]))\">"
        html += "<p class=\"remind-state\" role=\"status\"></p>"
        html += "<button type=\"button\" class=\"remind-on\">\(HTML.escape(text[.webRemindMe]))</button>"
        html += "<button type=\"button\" class=\"remind-off\" hidden>\(HTML.escape(text[.webRemindersTurnOff]))</button>"
        return html + "</section>\n"
    }

    static let css = """
        .remind { margin: 24px 16px; text-align: center; }
        .remind[hidden], .remind button[hidden], .remind p:empty { display: none; }
        .remind p { margin: 0 0 8px; }
        .remind button { min-height: 44px; padding: 0 16px; background: transparent; color: var(--accent); border: 1px solid var(--accent); }

        """

    /// Part of the page's script (app.js). Its state is the browser's: a push subscription with
    /// the permission granted is "on"; the permission denied is "blocked".
    static let javascript = #"""
        (function () {
          'use strict';
          var box = document.querySelector('section.remind');
          if (!box || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return;
          var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || '';
          var status = box.querySelector('.remind-state'), on = box.querySelector('.remind-on'), off = box.querySelector('.remind-off');
          function show(state) {
            box.hidden = false;
            box.setAttribute('data-state', state);
            status.textContent = state === 'off' ? '' : box.getAttribute('data-' + state);
            on.hidden = state === 'on' || state === 'blocked';
            off.hidden = state !== 'on';
          }
          function api(method, path, body, again) {
            var headers = { 'Accept': 'application/json', 'X-CSRF-Token': csrf };
            if (body) headers['Content-Type'] = 'application/json';
            return fetch(path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined, credentials: 'same-origin', cache: 'no-store' })
              .then(function (response) {
                // A restarted server has a new CSRF token: the day's answer says it (as in AppScript).
                if (response.status === 403 && !again) {
                  return fetch('/api/v1/day', { headers: { 'Accept': 'application/json' }, credentials: 'same-origin', cache: 'no-store' })
                    .then(function (r) { return r.json(); }).then(function (day) { csrf = day.csrf || csrf; return api(method, path, body, true); });
                }
                if (!response.ok) throw new Error(method + ' ' + path + ': ' + response.status);
                return response;
              });
          }
          // The server's public key, base64url as VAPID gives it, as the bytes subscribe wants.
          function bytes(base64url) {
            var text = base64url.replace(/-/g, '+').replace(/_/g, '/');
            var raw = atob(text + '==='.slice((text.length + 3) % 4));
            return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
          }
          function subscription() {
            return navigator.serviceWorker.ready.then(function (registration) { return registration.pushManager.getSubscription(); });
          }
          function check() {
            if (Notification.permission === 'denied') { show('blocked'); return Promise.resolve(); }
            return subscription().then(function (s) { show(s && Notification.permission === 'granted' ? 'on' : 'off'); }, function () { show('off'); });
          }
          function turnOn() {
            on.disabled = true;
            Promise.resolve(Notification.requestPermission()).then(function (permission) {
              if (permission !== 'granted') return check();
              return api('GET', '/api/v1/push/key').then(function (r) { return r.json(); }).then(function (answer) {
                return navigator.serviceWorker.ready.then(function (registration) {
                  // One made with another key (the server's keys were made anew) cannot be reused.
                  return registration.pushManager.getSubscription().then(function (old) { return old && old.unsubscribe(); }).then(function () {
                    return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(answer.publicKey) });
                  });
                });
              }).then(function (made) {
                var json = made.toJSON();
                return api('PUT', '/api/v1/push/subscription', { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } })
                  .then(function () { show('on'); }, function (e) { return made.unsubscribe().then(function () { throw e; }); });
              });
            }).catch(function () { show('failed'); }).then(function () { on.disabled = false; });
          }
          function turnOff() {
            off.disabled = true;
            subscription().then(function (s) {
              // The browser's subscription ends even when the server cannot be told (offline): a
              // push to an ended subscription fails, and the server drops it then.
              return api('DELETE', '/api/v1/push/subscription').catch(function () {}).then(function () { return s && s.unsubscribe(); });
            }).catch(function () {}).then(check).then(function () { off.disabled = false; });
          }
          on.addEventListener('click', turnOn);
          off.addEventListener('click', turnOff);
          check();
        })();

        """#
}
