/// The tracker form's and the category picker's changes through the outbox (AppScript's
/// `habitApp.submit`), so that they are made offline too: Create and Save make a `tracker.add` or
/// `tracker.edit` of the form's fields, the picker a `category.add`, `.rename` or `.delete`, each
/// with an id made on the device. Applied at once, the form goes where the plain form goes (the
/// day, the picker); kept (offline), to the day, where it waits; refused at once, while the form is
/// still on screen, the form is posted plainly and comes back with every error under its field
/// (a refusal found later, at a replay, is listed on the page with Retry and Discard). "Add
/// category" inside the form adds the category to the form's list. Opening a card's menu keeps
/// its Edit form for offline.
///
/// On the day's page, a new tracker that waits is a card of its own in its category (the form's
/// emoji, name and colour, ⏳ and "Waiting to be added", nothing to mark yet: it is not in a file
/// yet); an edited tracker that waits shows the form's name, emoji and colour with ⏳. Without a
/// script, or without IndexedDB, the forms post as before.
enum FormOutboxScript {
    static let javascript = #"""
        (function () {
          'use strict';
          var app = window.habitApp, outbox = window.habitOutbox;
          if (!app || !outbox) return;
          var meta = function (name) { var m = document.querySelector('meta[name="' + name + '"]'); return m ? m.content : ''; };
          function fields(form) {
            var f = {};
            new FormData(form).forEach(function (value, name) { if (name !== 'csrf') f[name] = String(value); });
            return f;
          }
          function entry(entries, change) { return entries.filter(function (e) { return e.change.id === change.id; })[0]; }
          function picker(back) { return '/categories' + (back ? '?back=' + encodeURIComponent(back) : ''); }

          // "Add category" inside the tracker form: the category in the list, unchecked (the specs).
          function addRow(form, name) {
            var rows = form.querySelector('.categories ul.rows');
            if (!rows || Array.prototype.some.call(rows.querySelectorAll('input[name="category"]'), function (i) { return i.value === name; })) return;
            var li = document.createElement('li');
            var label = document.createElement('label'); label.className = 'row';
            var input = document.createElement('input'); input.type = 'radio'; input.name = 'category'; input.value = name;
            var text = document.createElement('span'); text.textContent = name;
            var check = document.createElement('span'); check.className = 'check'; check.setAttribute('aria-hidden', 'true'); check.textContent = '\u2713';
            label.appendChild(input); label.appendChild(text); label.appendChild(check); li.appendChild(label); rows.appendChild(li);
            var placeholder = form.querySelector('.categories p.placeholder'); if (placeholder) placeholder.remove();
          }

          document.addEventListener('submit', function (event) {
            var form = event.target;
            if (!form.getAttribute) return;
            var submitter = event.submitter;
            var action = (submitter && submitter.getAttribute('formaction')) || form.getAttribute('action');
            var f = fields(form), change, label, then;
            if (form.classList.contains('tracker-form') && action === '/form/category') {
              var name = (f.newCategory || '').trim();
              if (!name) return;
              event.preventDefault();
              var field = form.querySelector('input[name="newCategory"]');
              var error = document.getElementById('new-category-error');
              var adding = { kind: 'category.add', name: name };
              app.submit(adding, function (entries) {
                var mine = entry(entries, adding);
                // Refused at once: said under the field, where it was typed, as the plain form does.
                if (mine && mine.status === 'refused') {
                  if (error) error.textContent = mine.message || '';
                  return outbox.remove(mine.seq);
                }
                addRow(form, name);
                if (field) { field.value = ''; field.dispatchEvent(new Event('input', { bubbles: true })); }
                if (error) error.textContent = '';
              }, name);
              return;
            }
            if (form.classList.contains('tracker-form') && (action === '/new' || action === '/edit')) {
              delete f.tracker;
              if (!f.newCategory) delete f.newCategory;
              change = action === '/new' ? { kind: 'tracker.add', fields: f } : { kind: 'tracker.edit', tracker: form.querySelector('input[name="tracker"]').value, fields: f };
              label = (f.name || '').trim();
              then = function () { location.href = '/'; };
            } else if (action === '/category/add' || action === '/category/rename' || action === '/category/delete') {
              change = action === '/category/add' ? { kind: 'category.add', name: f.name || '' }
                : action === '/category/rename' ? { kind: 'category.rename', category: f.category, name: f.name || '' }
                : { kind: 'category.delete', category: f.category };
              label = action === '/category/rename' ? f.category + ' \u2192 ' + (f.name || '').trim() : (change.name || change.category || '').trim();
              // Applied at once: the picker again, as the plain form does.
              then = function () { location.href = picker(f.back); };
            } else {
              return;
            }
            event.preventDefault();
            Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = true; });
            app.submit(change, function (entries) {
              var mine = entry(entries, change);
              if (!mine) return then();
              // Waiting (offline): the day says so, and shows the tracker as it waits.
              if (mine.status === 'waiting') { location.href = '/'; return; }
              // Refused at once, while the form is still on screen: the form is posted as it is, and
              // the server shows it again with every error under its field (the plain form's way).
              return outbox.remove(mine.seq).then(function () { form.submit(); });
            }, label);
          });

          // A card's menu opened with a network: its Edit form is kept for offline (the service
          // worker's `habit-forms`, ServiceWorkerScript), as if it had been opened.
          document.addEventListener('toggle', function (event) {
            var menu = event.target;
            if (!menu.matches || !menu.matches('details.menu') || !menu.open || !window.caches || !navigator.onLine) return;
            var edit = menu.querySelector('a[href^="/edit?"]');
            if (!edit || edit.hasAttribute('data-kept')) return;
            edit.setAttribute('data-kept', '');
            caches.open('habit-forms').then(function (cache) { return cache.add(edit.getAttribute('href')); }).catch(function () {});
          }, true);

          // The day's page: new and edited trackers as they wait (AppScript's render calls this).
          var dateField = document.querySelector('form.date input[name="date"]');
          var query = new URLSearchParams(location.search);
          function color(card, name) {
            Array.prototype.slice.call(card.classList).forEach(function (c) { if (c.indexOf('c-') === 0) card.classList.remove(c); });
            if (name) card.classList.add(name);
          }
          function paint(card, f) {
            card.querySelector('.emoji').textContent = f.emoji || '\u2022';
            card.querySelector('.name').textContent = (f.name || '').trim();
            // A named colour is a class of the style sheet; another (#rrggbb) shows as the accent.
            color(card, f.color && /^[a-z]+$/.test(f.color) ? 'c-' + f.color : '');
          }
          function section(category) {
            var main = document.querySelector('main');
            var found = Array.prototype.filter.call(main.querySelectorAll('section.group'), function (s) {
              var h = s.querySelector('h2');
              return h && h.textContent === category;
            })[0];
            if (found) return found.querySelector('ul.cards');
            var s = document.createElement('section'); s.className = 'group adding';
            var h = document.createElement('h2'); h.textContent = category || '';
            var ul = document.createElement('ul'); ul.className = 'cards';
            s.appendChild(h); s.appendChild(ul);
            main.insertBefore(s, main.querySelector('details.sheet'));
            return ul;
          }
          function newCard(change) {
            var li = document.createElement('li'); li.className = 'card adding waiting'; li.setAttribute('data-change', change.id);
            var face = document.createElement('div'); face.className = 'face';
            var emoji = document.createElement('span'); emoji.className = 'emoji'; emoji.setAttribute('aria-hidden', 'true');
            var name = document.createElement('span'); name.className = 'name';
            face.appendChild(emoji); face.appendChild(name);
            var foot = document.createElement('div'); foot.className = 'foot';
            var badge = document.createElement('span'); badge.className = 'pending'; badge.textContent = '\u23F3';
            badge.setAttribute('role', 'img'); badge.setAttribute('aria-label', meta('w-waiting')); badge.title = meta('w-waiting');
            var words = document.createElement('span'); words.className = 'count'; words.textContent = meta('w-adding');
            foot.appendChild(badge); foot.appendChild(words);
            li.appendChild(face); li.appendChild(foot);
            return li;
          }
          window.habitShowTrackers = function (entries) {
            if (!dateField) return;
            var waiting = entries.filter(function (e) { return e.status === 'waiting'; });
            // A new tracker starts today: it is shown on today's page, with no search or filter.
            var shown = dateField.value === dateField.max && !query.get('q') && !query.get('filter');
            var kept = {};
            waiting.forEach(function (e) {
              if (!shown || e.change.kind !== 'tracker.add') return;
              var f = e.change.fields || {};
              var card = document.querySelector('.card.adding[data-change="' + CSS.escape(e.change.id) + '"]');
              if (!card) card = section(f.category).appendChild(newCard(e.change));
              paint(card, f);
              kept[e.change.id] = true;
            });
            // Sent: an applied one comes back as the day's own card; a refused one is listed.
            Array.prototype.forEach.call(document.querySelectorAll('.card.adding'), function (card) {
              if (!kept[card.getAttribute('data-change')]) card.remove();
            });
            Array.prototype.forEach.call(document.querySelectorAll('section.group.adding'), function (s) { if (!s.querySelector('.card')) s.remove(); });
            var empty = document.querySelector('main .empty'); if (empty) empty.hidden = !!document.querySelector('.card.adding');
            // An edit that waits: the form's name, emoji and colour; refused, the card as it was.
            Array.prototype.forEach.call(document.querySelectorAll('.card[data-tracker]'), function (card) {
              var tracker = card.getAttribute('data-tracker');
              var edit = waiting.filter(function (e) { return e.change.kind === 'tracker.edit' && e.change.tracker === tracker; }).pop();
              if (edit) {
                if (!card.hasAttribute('data-was')) {
                  var named = Array.prototype.filter.call(card.classList, function (c) { return c.indexOf('c-') === 0; })[0] || '';
                  card.setAttribute('data-was', JSON.stringify({ emoji: card.querySelector('.emoji').textContent, name: card.querySelector('.name').textContent, color: named }));
                }
                paint(card, edit.change.fields || {});
              } else if (card.hasAttribute('data-was')) {
                var refused = entries.some(function (e) { return e.status === 'refused' && e.change.kind === 'tracker.edit' && e.change.tracker === tracker; });
                if (refused) {
                  var was = JSON.parse(card.getAttribute('data-was'));
                  card.querySelector('.emoji').textContent = was.emoji; card.querySelector('.name').textContent = was.name;
                  color(card, was.color);
                }
                card.removeAttribute('data-was');
              }
            });
          };
        })();

        """#
}
