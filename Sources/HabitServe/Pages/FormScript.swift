/// The tracker form's and the card menu's script. The form: the name's error as you type (the
/// length counted as the server counts it, in grapheme clusters after trimming white space), then
/// the server's own check (`/form/check`, `TrackerForm.check`) for everything else, which enables
/// Create (offline, a name is enough: the change waits in the outbox and the server checks it when
/// sent); "Every day" and the weekday toggles follow each other. The menu: Pin posts in place and
/// the day is redrawn without a page load. Every page works without it.
enum FormScript {
    static let javascript = #"""
        (function () {
          'use strict';
          var meta = document.querySelector('meta[name="csrf-token"]');
          var csrf = meta ? meta.content : '';
          function post(url, body) {
            return fetch(url, {
              method: 'POST', credentials: 'same-origin', cache: 'no-store',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept': 'application/json', 'X-CSRF-Token': csrf },
              body: body
            });
          }
          // Swift's String.count: extended grapheme clusters.
          function characters(text) {
            if (window.Intl && Intl.Segmenter) {
              var count = 0;
              for (var _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count++;
              return count;
            }
            return Array.from(text).length;
          }

          var form = document.querySelector('form.tracker-form');
          if (form) {
            var creates = form.querySelectorAll('button.create');
            var nameInput = form.querySelector('input[name="name"]');
            var nameError = document.getElementById('name-error');
            var summary = document.getElementById('schedule-summary');
            var everyDay = form.querySelector('input[name="everyday"]');
            var days = form.querySelectorAll('.weekdays input[name^="day"]');
            var newCategory = form.querySelector('input[name="newCategory"]');
            var addCategory = form.querySelector('button.add-category-button');
            var asked = 0;
            function enable(on) { for (var i = 0; i < creates.length; i++) creates[i].disabled = !on; }
            function localName() {
              var name = nameInput.value.trim();
              var max = parseInt(nameInput.getAttribute('data-max'), 10);
              if (characters(name) > max) { nameError.textContent = nameInput.getAttribute('data-too-long'); enable(false); return false; }
              return true;
            }
            function body() {
              var fields = new URLSearchParams(new FormData(form));
              fields.delete('csrf');
              return fields.toString();
            }
            function ask() {
              var mine = ++asked;
              post('/form/check', body()).then(function (response) { return response.json(); }).then(function (reply) {
                if (mine !== asked || !reply.ok) return;
                nameError.textContent = nameInput.value.trim() === '' ? '' : reply.name;
                if (summary) summary.textContent = reply.summary;
                ['category', 'schedule', 'target'].forEach(function (field) {
                  var shown = document.getElementById(field + '-error');
                  if (shown && shown.textContent && !reply[field]) shown.textContent = '';
                });
                enable(reply.canSubmit);
              }, function () {
                // Offline: Create once the name is there; the server checks the rest when the
                // change is sent, and a refusal is listed with its reason (the outbox, app.js).
                if (mine === asked) enable(localName() && nameInput.value.trim() !== '');
              });
            }
            var timer = null;
            function changed() {
              localName();
              clearTimeout(timer);
              timer = setTimeout(ask, 120);
            }
            form.addEventListener('input', changed);
            form.addEventListener('change', function (event) {
              var target = event.target;
              if (target === everyDay) {
                for (var i = 0; i < days.length; i++) days[i].checked = everyDay.checked;
              } else if (target.name && /^day\d$/.test(target.name)) {
                var all = true;
                for (var j = 0; j < days.length; j++) all = all && days[j].checked;
                if (everyDay) everyDay.checked = all;
              }
              if (target === everyDay || /^day\d$/.test(target.name || '')) {
                var choice = form.querySelector('input[name="schedule"][value="days"]');
                if (choice) choice.checked = true;
              }
              changed();
            });
            function categoryReady() { if (addCategory && newCategory) addCategory.disabled = newCategory.value.trim() === ''; }
            if (newCategory) newCategory.addEventListener('input', categoryReady);
            categoryReady();
            enable(form.getAttribute('data-can-submit') === 'true');
            localName();
          }

          // The categories page: Done (add) enabled once something is typed.
          var adding = document.querySelector('form.add-category');
          if (adding) {
            var field = adding.querySelector('input[name="name"]');
            var done = adding.querySelector('button');
            var ready = function () { done.disabled = field.value.trim() === ''; };
            field.addEventListener('input', ready);
            ready();
          }

          // The card menu's Pin, Archive and Delete go through the outbox (app.js).
        })();

        """#
}
