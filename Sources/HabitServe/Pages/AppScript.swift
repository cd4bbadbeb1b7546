/// The one script: a tap updates its card in place through `fetch`; while the server cannot be
/// reached, marks wait in localStorage, the specs' offline note shows at the top, and the queue is
/// sent when the server answers again. Every mark says what the day must be (never "toggle"), so
/// sending one twice changes nothing. A mark leaves the queue only when the server answered it
/// itself (a JSON reply: done, or refused with a sentence the page shows); a login page after a
/// restart, a CSRF refusal from a restarted server, or a reverse proxy's 502 keep it.
enum AppScript {
    static let javascript = #"""
        (function () {
          'use strict';
          var meta = function (name) { var m = document.querySelector('meta[name="' + name + '"]'); return m ? m.content : ''; };
          var csrf = meta('csrf-token');
          var offlineText = meta('offline-note');
          var note = document.getElementById('note');
          var KEY = 'habit-queue:' + location.host;

          function load() { try { return JSON.parse(localStorage.getItem(KEY) || '[]'); } catch (e) { return []; } }
          function store(queue) { try { localStorage.setItem(KEY, JSON.stringify(queue)); } catch (e) { /* full: marks stay on screen */ } }
          function offline(on) {
            if (!note) return;
            if (on) { note.textContent = offlineText; note.hidden = false; note.className = 'note offline'; }
            else if (note.className.indexOf('offline') >= 0) { note.hidden = true; note.className = 'note'; }
          }
          function send(fields) {
            return fetch('/mark', {
              method: 'POST', credentials: 'same-origin', cache: 'no-store',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept': 'application/json', 'X-CSRF-Token': csrf },
              body: new URLSearchParams(fields).toString()
            });
          }
          // The server's own verdict on a mark: acknowledged, or refused for a reason it words.
          function settled(response) {
            var json = (response.headers.get('Content-Type') || '').indexOf('application/json') === 0;
            return json && (response.ok || [400, 404, 409, 413, 422].indexOf(response.status) >= 0);
          }
          // A restarted server has a new CSRF token (the page's is stale): read it from a fresh page.
          function renewToken() {
            return fetch(location.pathname + location.search, { credentials: 'same-origin', cache: 'no-store' }).then(function (r) {
              return r.text().then(function (html) {
                var m = /name="csrf-token" content="([0-9a-f]+)"/.exec(html);
                if (m) csrf = m[1];
              });
            }, function () {});
          }
          function kept(response) {
            offline(true);
            if (response.status === 403) renewToken();
          }
          function cardFor(fields) {
            var cards = document.querySelectorAll('.card');
            for (var i = 0; i < cards.length; i++) {
              var date = cards[i].querySelector('input[name="date"]');
              if (cards[i].getAttribute('data-tracker') === fields.tracker && date && date.value === fields.date) return cards[i];
            }
            return null;
          }
          // What the tick sets the day to next and after that (`next`, `then`) are HabitScreens'
          // answer, from the server: the page's form (`data-then`) or the reply to a mark.
          function show(card, mark) {
            if (!card) return;
            var form = card.querySelector('form.mark');
            var state = card.querySelector('input[name="state"]');
            var tick = card.querySelector('button.tick');
            if (tick && state && form && mark.next) {
              state.value = mark.next;
              form.setAttribute('data-then', mark.then);
            }
            if (card.hasAttribute('data-quit')) {
              // A habit to quit: the button logs or removes the day's slip.
              card.classList.toggle('slipped', !!mark.slipped);
              if (tick) {
                tick.textContent = mark.slipped ? '\u21BA' : '\u2717';
                tick.setAttribute('aria-pressed', mark.slipped ? 'true' : 'false');
                tick.setAttribute('aria-label', tick.getAttribute(mark.slipped ? 'data-remove' : 'data-log'));
              }
            } else {
              card.classList.toggle('done', !!mark.done);
              if (tick) {
                tick.textContent = mark.done ? '\u2713' : '+';
                tick.setAttribute('aria-pressed', mark.done ? 'true' : 'false');
                tick.setAttribute('aria-label', tick.getAttribute(mark.done ? 'data-remove' : 'data-log'));
              }
            }
            if (mark.count) { var c = card.querySelector('.count'); if (c) c.textContent = mark.count; }
          }
          function answer(response, fields) {
            return response.json().then(function (reply) {
              if (reply.ok) { show(cardFor(fields), reply); }
              else if (note) { note.textContent = reply.error; note.hidden = false; note.className = 'note problem'; }
            }, function () { /* not JSON: a login page; the next load shows it */ });
          }
          var flushing = false;
          function flush() {
            var queue = load();
            if (!queue.length || flushing) return;
            flushing = true;
            send(queue[0]).then(function (response) {
              flushing = false;
              if (!settled(response)) { kept(response); return; }
              var rest = load(); rest.shift(); store(rest);
              offline(false);
              answer(response, queue[0]);
              flush();
            }, function () { flushing = false; offline(true); });
          }
          function enqueue(fields) {
            var queue = load().filter(function (f) { return !(f.tracker === fields.tracker && f.date === fields.date); });
            queue.push(fields);
            store(queue);
          }
          document.addEventListener('submit', function (event) {
            var form = event.target;
            if (!form.classList || !form.classList.contains('mark')) return;
            event.preventDefault();
            var fields = {};
            new FormData(form).forEach(function (value, name) { if (name !== 'csrf') fields[name] = String(value); });
            var card = form.closest('.card');
            // A tick at once, before the server answers: the mark sent, and the form's next one in place.
            if (card.querySelector('button.tick')) show(card, { done: fields.state === 'done', slipped: fields.state === 'slip', next: form.getAttribute('data-then'), then: fields.state });
            if (load().length) { enqueue(fields); flush(); return; }
            send(fields).then(function (response) {
              if (!settled(response)) { enqueue(fields); kept(response); return; }
              offline(false); answer(response, fields);
            }, function () { enqueue(fields); offline(true); });
          });
          window.addEventListener('online', flush);
          setInterval(flush, 10000);
          if (load().length) { offline(true); flush(); }
        })();

        """#
}
