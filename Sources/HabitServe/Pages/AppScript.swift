/// The page's script: every change made on the page (a mark, an amount, a slip, pin, archive,
/// delete; the tracker form's and the category picker's, FormOutboxScript) goes through the
/// outbox (OutboxScript, IndexedDB) and `POST /api/v1/changes`; a change leaves the outbox only
/// when the server applied or refused its id. The cards show what is confirmed and what waits;
/// refused changes are listed with their reason, to retry or discard;
/// after a flush the cards are redrawn from `GET /api/v1/day`. It also registers the service
/// worker (ServiceWorkerScript) and offers "Reload to update" when a new version is ready.
enum AppScript {
    static let javascript = OutboxScript.javascript + #"""
        (function () {
          'use strict';
          var meta = function (name) { var m = document.querySelector('meta[name="' + name + '"]'); return m ? m.content : ''; };
          var csrf = meta('csrf-token');
          var note = document.getElementById('note');
          var outbox = window.habitOutbox;
          var main = document.querySelector('main');
          var pageDate = (document.querySelector('form.date input[name="date"]') || {}).value || '';
          var updatedKey = 'habit-updated:' + location.pathname + location.search;
          var state = { offline: false, login: false };
          var SLICE = 50, TIMEOUT = 15000;

          function words(name, value) { return meta(name).replace('{0}', value); }
          function ago(time) {
            var seconds = Math.round((+new Date - time) / 1000);
            var rtf = window.Intl && Intl.RelativeTimeFormat ? new Intl.RelativeTimeFormat(document.documentElement.lang || 'en', { numeric: 'auto' }) : null;
            var units = [['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
            for (var i = 0; i < units.length; i++) {
              if (seconds >= units[i][1] || units[i][0] === 'second') {
                var n = Math.floor(seconds / units[i][1]);
                return rtf ? rtf.format(-n, units[i][0]) : n + ' ' + units[i][0] + 's';
              }
            }
          }
          function cards(tracker, date) {
            return Array.prototype.filter.call(document.querySelectorAll('.card'), function (card) {
              var d = card.querySelector('input[name="date"]');
              return card.getAttribute('data-tracker') === tracker && (!date || (d && d.value === date));
            });
          }
          // What the tick sets the day to next and after that (`next`, `then`) are HabitScreens'
          // answer, from the server: the page's form (`data-then`) or the day's cards.
          function show(card, mark) {
            var form = card.querySelector('form.mark');
            var stateField = form && form.querySelector('input[name="state"]');
            var tick = card.querySelector('button.tick');
            if (tick && stateField && form && mark.next) { stateField.value = mark.next; form.setAttribute('data-then', mark.then); }
            var quit = card.hasAttribute('data-quit');
            var on = quit ? !!mark.slipped : !!mark.done;
            card.classList.toggle(quit ? 'slipped' : 'done', on);
            // A slip ends the kept day, as the server draws a slipped card: not done, its ↺ in full colour.
            if (quit && on) card.classList.remove('done');
            if (tick) {
              tick.textContent = quit ? (on ? '\u21BA' : '\u2717') : (on ? '\u2713' : '+');
              tick.setAttribute('aria-pressed', on ? 'true' : 'false');
              tick.setAttribute('aria-label', tick.getAttribute(on ? 'data-remove' : 'data-log'));
            }
            if (mark.count) { var c = card.querySelector('.count'); if (c) c.textContent = mark.count; }
            if (mark.amount !== undefined) { var a = card.querySelector('input[name="amount"]'); if (a && document.activeElement !== a) a.value = mark.amount > 0 ? mark.amount : ''; }
          }
          function optimistic(change) {
            if (change.kind !== 'mark') return;
            cards(change.tracker, change.date).forEach(function (card) {
              // A skip (from the card's menu) excuses the day; any other mark ends the skip.
              card.classList.toggle('skipped', change.state === 'skip');
              if (change.state === 'skip') { card.classList.remove('done'); return; }
              var form = card.querySelector('form.mark');
              var next = form && form.getAttribute('data-then');
              if (card.querySelector('button.tick')) show(card, { done: change.state === 'done', slipped: change.state === 'slip', next: next, then: change.state });
              else if (change.amount !== undefined) show(card, { amount: change.amount });
            });
          }

          // The changes drawn on this page's cards: a page drawn before they were made (the day
          // kept for offline) shows them once, as the page they were made on did.
          var drawn = {};
          // The note at the top, the waiting marks on the cards, and the list of refused changes.
          function render(entries) {
            var waiting = entries.filter(function (e) { return e.status === 'waiting'; });
            var refused = entries.filter(function (e) { return e.status === 'refused'; });
            waiting.forEach(function (e) { if (!drawn[e.change.id]) { drawn[e.change.id] = true; optimistic(e.change); } });
            Array.prototype.forEach.call(document.querySelectorAll('.card[data-tracker]'), function (card) {
              var d = card.querySelector('input[name="date"]');
              var tracker = card.getAttribute('data-tracker');
              var mine = waiting.some(function (e) { return e.change.tracker === tracker && (e.change.kind !== 'mark' || (d && e.change.date === d.value)); });
              card.classList.toggle('waiting', mine);
              var badge = card.querySelector('.pending');
              if (mine && !badge) {
                badge = document.createElement('span'); badge.className = 'pending'; badge.textContent = '\u23F3';
                badge.setAttribute('role', 'img'); badge.setAttribute('aria-label', meta('w-waiting')); badge.title = meta('w-waiting');
                var foot = card.querySelector('.foot'); if (foot) foot.insertBefore(badge, foot.firstChild);
              } else if (!mine && badge) { badge.remove(); }
            });
            // New and edited trackers as they wait (FormOutboxScript).
            if (window.habitShowTrackers) window.habitShowTrackers(entries);
            if (note && (state.offline || state.login || waiting.length)) {
              var text = [];
              if (state.offline || state.login) text.push(meta('offline-note'));
              if (waiting.length) text.push(words('w-waiting-count', waiting.length) + '.');
              if (state.login) text.push(meta('w-log-in'));
              var updated = Number(localStorage.getItem(updatedKey) || 0);
              if (state.offline && updated) text.push(words('w-updated', ago(updated)));
              note.textContent = text.join(' '); note.hidden = false; note.className = 'note offline';
            } else if (note && note.className.indexOf('offline') >= 0) { note.hidden = true; note.className = 'note'; }
            var list = document.getElementById('refused');
            if (!refused.length) { if (list) list.remove(); return; }
            if (!list) {
              list = document.createElement('section'); list.id = 'refused'; list.className = 'refused'; list.setAttribute('role', 'alert');
              if (main) main.insertBefore(list, main.firstChild);
            }
            list.textContent = '';
            var h = document.createElement('h2'); h.textContent = meta('w-refused'); list.appendChild(h);
            var ul = document.createElement('ul'); list.appendChild(ul);
            refused.forEach(function (e) {
              var li = document.createElement('li');
              var what = document.createElement('p'); what.className = 'what'; what.textContent = describe(e); li.appendChild(what);
              var why = document.createElement('p'); why.className = 'reason'; why.setAttribute('data-reason', e.reason || ''); why.textContent = e.message || e.reason || ''; li.appendChild(why);
              [['w-retry', 'retry', function () { outbox.retry(e.seq).then(flush); }], ['w-discard', 'discard', function () { outbox.remove(e.seq).then(refresh); }]].forEach(function (b) {
                var button = document.createElement('button'); button.type = 'button'; button.className = b[1]; button.textContent = meta(b[0]);
                button.addEventListener('click', b[2]); li.appendChild(button);
              });
              ul.appendChild(li);
            });
          }
          function describe(entry) {
            var change = entry.change;
            var card = cards(change.tracker)[0];
            var name = entry.label || (card ? card.querySelector('.name').textContent : (change.tracker || change.name || change.category || ''));
            var undone = (change.kind === 'pin' && change.pinned === false) || (change.kind === 'archive' && change.archived === false);
            var what = change.kind === 'mark' && change.amount !== undefined ? String(change.amount)
              : meta('w-k-' + (change.kind === 'mark' ? change.state : change.kind.replace('.', '-') + (undone ? '-un' : ''))) || change.kind;
            return name + ' \u00B7 ' + what + (change.date ? ' \u00B7 ' + change.date : '');
          }
          function redraw() { return outbox.all().then(render, function () {}); }

          // Requests with a deadline: a proxy that holds the connection is a network error too.
          function request(url, options) {
            var controller = window.AbortController ? new AbortController() : null;
            var timer = controller ? setTimeout(function () { controller.abort(); }, TIMEOUT) : null;
            options.signal = controller ? controller.signal : undefined;
            options.credentials = 'same-origin'; options.cache = 'no-store';
            return fetch(url, options).then(function (r) { clearTimeout(timer); return r; }, function (e) { clearTimeout(timer); throw e; });
          }
          function json(response) {
            var type = response.headers.get('Content-Type') || '';
            return type.indexOf('application/json') === 0 ? response.json() : Promise.reject(new Error('not JSON'));
          }
          function redrawMain() {
            return request(location.href, {}).then(function (page) { return page.text(); }).then(function (html) {
              var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
              // Fresh cards: the waiting changes are drawn on them again (render).
              if (fresh && main) { main.innerHTML = fresh.innerHTML; drawn = {}; }
            }, function () {});
          }
          function refresh() {
            if (!pageDate) return redraw();
            // The same filter and search as the page, so that the same cards come back.
            var query = new URLSearchParams(location.search);
            var asked = '?date=' + encodeURIComponent(pageDate) + ['filter', 'q'].map(function (n) { return query.get(n) ? '&' + n + '=' + encodeURIComponent(query.get(n)) : ''; }).join('');
            return request('/api/v1/day' + asked, { headers: { 'Accept': 'application/json' } }).then(function (response) {
              if (response.status === 401) { state.login = true; return; }
              if (!response.ok) { state.offline = true; return; }
              return json(response).then(function (day) {
                state.offline = false; state.login = false;
                if (day.csrf) csrf = day.csrf;
                localStorage.setItem(updatedKey, String(+new Date));
                // Trackers added, archived, deleted or no longer due: the day's page again.
                var shown = Array.prototype.map.call(document.querySelectorAll('.card[data-tracker]'), function (c) { return c.getAttribute('data-tracker'); }).sort().join('\n');
                var known = [].concat.apply([], day.sections.map(function (s) { return s.cards.map(function (c) { return c.tracker; }); })).sort().join('\n');
                if (shown !== known && day.date === pageDate) return redrawMain();
                day.sections.forEach(function (section) {
                  section.cards.forEach(function (c) {
                    cards(c.tracker, day.date).forEach(function (card) {
                      show(card, { done: c.state === 'done', slipped: c.state === 'slipped', next: c.next, then: c.then, count: c.count, amount: c.amount });
                    });
                  });
                });
                // The waiting changes stay on screen over what the server last said.
                return outbox.all().then(function (entries) {
                  entries.forEach(function (e) { if (e.status === 'waiting') optimistic(e.change); });
                });
              });
            }, function () { state.offline = true; }).then(redraw, redraw);
          }

          var flushing = null;
          // Sends the waiting changes in order, a slice at a time; a change leaves the outbox only
          // when its id is answered applied or refused.
          function flush() {
            if (flushing) return flushing;
            flushing = outbox.send(function (body) {
              return request('/api/v1/changes', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'X-CSRF-Token': csrf },
                body: body
              });
            }, SLICE).then(function (sent) {
              if (sent.status === 0) return false;
              if (sent.status === 401) { state.login = true; return false; }
              // A restarted server has a new CSRF token: the day's answer says it.
              if (sent.status === 403) { return request('/api/v1/day', { headers: { 'Accept': 'application/json' } }).then(json).then(function (day) { if (day.csrf) csrf = day.csrf; return false; }, function () { return false; }); }
              if (sent.status !== 200) { state.offline = true; return false; }
              state.offline = false; state.login = false;
              return sent.more;
            }, function () { state.offline = true; return false; }).then(function (more) {
              flushing = null;
              if (more) return flush();
              return refresh();
            }, function () { flushing = null; return redraw(); });
            return flushing;
          }

          function submit(change, then, label) {
            var card = change.tracker && cards(change.tracker)[0];
            return outbox.add(change, label || (card ? card.querySelector('.name').textContent : undefined)).then(function () { drawn[change.id] = true; optimistic(change); return redraw(); }).then(flush).then(function () {
              if (then) return outbox.all().then(then);
            });
          }
          function fields(form) {
            var f = {};
            new FormData(form).forEach(function (value, name) { if (name !== 'csrf') f[name] = String(value); });
            return f;
          }
          document.addEventListener('submit', function (event) {
            var form = event.target;
            if (!form.getAttribute) return;
            var action = form.getAttribute('action');
            var f;
            if (form.classList.contains('mark')) {
              event.preventDefault();
              f = fields(form);
              var change = { kind: 'mark', tracker: f.tracker, date: f.date, state: f.state };
              if (f.amount !== undefined && f.amount !== '' && f.state === 'done') change.amount = Number(String(f.amount).replace(',', '.'));
              submit(change);
            } else if (form.classList.contains('skip')) {
              event.preventDefault();
              f = fields(form);
              var menu = form.closest('details'); if (menu) menu.open = false;
              // The menu's words (Skip / Undo the skip) come with the day drawn again.
              submit({ kind: 'mark', tracker: f.tracker, date: f.date, state: f.state }, function () { return redrawMain().then(redraw); });
            } else if (action === '/pin' || action === '/archive' || action === '/delete') {
              event.preventDefault();
              f = fields(form);
              var c = action === '/pin' ? { kind: 'pin', tracker: f.tracker, pinned: f.pinned === 'true' }
                : action === '/archive' ? { kind: 'archive', tracker: f.tracker, archived: f.archived === 'true' }
                : { kind: 'delete', tracker: f.tracker };
              var back = action === '/delete' ? '/' : (f.date ? '/?date=' + f.date : (f['return'] === 'details' ? location.pathname + location.search : '/'));
              // From a card's menu the day is redrawn in place (the pinned card moves to the top);
              // elsewhere the page it leads to shows it. A waiting change is marked on its card.
              var inCard = action !== '/delete' && form.closest('.card');
              var opened = form.closest('details'); if (opened) opened.open = false;
              submit(c, function () {
                if (!inCard) { location.href = back; return; }
                return redrawMain().then(redraw);
              });
            }
          });
          // The tracker form and the category picker send their changes the same way (FormOutboxScript).
          window.habitApp = { submit: submit };
          window.addEventListener('online', flush);
          window.addEventListener('offline', function () { state.offline = true; redraw(); });
          setInterval(flush, 15000);
          if (outbox) { redraw().then(flush); } 

          // The service worker: the app opens with no network; a new version offers a reload.
          if ('serviceWorker' in navigator) {
            navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(function (registration) {
              function offer(worker) {
                if (!worker || !navigator.serviceWorker.controller) return;
                var bar = document.getElementById('update');
                if (bar) return;
                bar = document.createElement('p'); bar.id = 'update'; bar.className = 'note update'; bar.setAttribute('role', 'status');
                bar.textContent = meta('w-update-ready') + ' ';
                var button = document.createElement('button'); button.type = 'button'; button.textContent = meta('w-reload');
                button.addEventListener('click', function () { worker.postMessage('activate'); });
                bar.appendChild(button);
                document.body.insertBefore(bar, document.body.firstChild);
              }
              if (registration.waiting) offer(registration.waiting);
              registration.addEventListener('updatefound', function () {
                var worker = registration.installing;
                worker.addEventListener('statechange', function () { if (worker.state === 'installed') offer(worker); });
              });
            }, function () {});
            // The worker sent a Done from a notification, or holds one that waits: the cards again.
            navigator.serviceWorker.addEventListener('message', function (event) { if (event.data === 'outbox') flush(); });
            var reloading = false;
            navigator.serviceWorker.addEventListener('controllerchange', function () {
              if (reloading || !document.getElementById('update')) return;
              reloading = true; location.reload();
            });
          }
        })();

        """#
}
