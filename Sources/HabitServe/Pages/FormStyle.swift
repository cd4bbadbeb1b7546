/// The style of the card menu, the tracker form, the category picker, the confirmations and the
/// details page: phone first, as the rest of `AppStyle`.
enum FormStyle {
    static let css = """
        .top .add { font-size: 34px; line-height: 1; text-decoration: none; color: var(--fg); padding: 0 6px; order: -1; flex-basis: 100%; }
        .card .face { position: relative; }
        .card .tick.slip { background: var(--card); color: var(--fg); border: 1px solid var(--line); }
        .card.slipped .tick.slip { background: var(--problem); color: #fff; }
        .menu { position: static; }
        .menu summary { position: absolute; top: 6px; right: 6px; list-style: none; cursor: pointer; width: 32px; height: 28px; border-radius: 14px; text-align: center; line-height: 26px; font-size: 18px; color: #fff; background: rgba(0,0,0,.12); }
        .menu summary::-webkit-details-marker { display: none; }
        .menu[open] summary { background: rgba(0,0,0,.3); }
        .menu-items { position: absolute; left: 0; right: 0; top: 40px; z-index: 4; background: var(--bg); color: var(--fg); border: 1px solid var(--line); border-radius: 13px; box-shadow: 0 8px 28px rgba(0,0,0,.22); overflow: hidden; }
        .menu-items a, .menu-items button { display: block; width: 100%; text-align: left; padding: 12px 16px; background: none; color: var(--fg); border: 0; border-radius: 0; border-bottom: 1px solid var(--line); text-decoration: none; font-size: 16px; }
        .menu-items a:last-child { border-bottom: 0; }
        button:disabled { opacity: .45; cursor: not-allowed; }
        .danger, a.danger, .menu-items a.danger { color: var(--problem); }
        button.danger { background: var(--problem); color: #fff; }
        a.button { display: inline-block; text-decoration: none; text-align: center; border-radius: 16px; padding: 14px 20px; background: var(--accent-fill); color: #fff; }
        a.button.secondary, button.secondary { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
        a.button.danger { background: transparent; color: var(--problem); border: 1px solid var(--problem); }
        a.button.cancel { background: transparent; color: var(--problem); border: 1px solid var(--problem); }
        .kinds { display: grid; gap: 16px; max-width: 420px; margin: 40vh auto 0; transform: translateY(-50%); }
        .kinds .big { font-size: 16px; font-weight: 500; padding: 20px; }
        .form-top h1 { font-size: 17px; font-weight: 500; text-align: center; width: 100%; margin: 14px 0; }
        .tracker-form { max-width: 560px; margin: 0 auto; display: grid; gap: 18px; }
        .form-main, .form-pickers { display: grid; gap: 18px; align-content: start; min-width: 0; }
        @media (min-width: 900px) {
          .tracker-form { max-width: 960px; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); column-gap: 40px; }
          .tracker-form .actions { grid-column: 1 / -1; }
        }
        @media (min-width: 640px) { .figures { max-width: none; grid-template-columns: repeat(4, minmax(0, 1fr)); } }
        .tracker-figures { list-style: none; padding: 0; margin: 0 0 24px; display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); }
        .tracker-figures a { display: grid; grid-template-columns: auto 1fr auto; gap: 2px 10px; align-items: center; padding: 10px 12px; border-radius: 16px; background: var(--card); color: var(--fg); text-decoration: none; }
        .tracker-figures .emoji { grid-row: span 2; width: 34px; height: 34px; border-radius: 50%; display: grid; place-items: center; background: var(--accent-fill); }
        .tracker-figures .name { font-weight: 500; }
        .tracker-figures .strength { font-weight: 700; }
        .tracker-figures .streaks { grid-column: 2 / -1; font-size: 12px; color: var(--muted); }
        .tracker-form .implicit { position: absolute; width: 1px; height: 1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); }
        .field input, .tracker-form input[type=text], .tracker-form input[type=number], .tracker-form select, .category-list input, .add-category input {
          width: 100%; background: var(--card); border: 0; border-radius: 16px; padding: 16px; font: inherit; color: inherit; }
        .tracker-form input[type=number] { width: 6em; padding: 8px 10px; border-radius: 10px; }
        .target-line { display: grid; grid-template-columns: auto 1fr 1fr; gap: 8px; }
        .target-line select, .target-line input[type=text] { padding: 12px; border-radius: 12px; }
        .field-error { color: var(--problem); text-align: center; margin: 6px 0 0; min-height: 0; font-size: 15px; }
        .field-error:empty { display: none; }
        .group { border: 0; margin: 0; padding: 0; }
        .group legend { font-size: 19px; font-weight: 700; padding: 0 0 8px; }
        .rows { list-style: none; margin: 0 0 8px; padding: 0; background: var(--card); border-radius: 16px; overflow: hidden; }
        .rows:empty { display: none; }
        .rows .row { display: flex; justify-content: space-between; align-items: center; padding: 14px 16px; border-bottom: 1px solid var(--line); cursor: pointer; }
        .rows li:last-child .row { border-bottom: 0; }
        .rows input, .choice input, .toggle input { position: absolute; opacity: 0; width: 1px; height: 1px; }
        .rows .check { color: var(--accent); visibility: hidden; }
        .rows input:checked ~ .check { visibility: visible; }
        .rows input:focus-visible + span { outline: 2px solid var(--accent); }
        .placeholder { color: var(--muted); text-align: center; padding: 12px 0; margin: 0; }
        .add-category { display: grid; grid-template-columns: 1fr auto; gap: 8px; align-items: center; }
        @media (max-width: 480px) { .add-category { grid-template-columns: 1fr; } }
        .add-category button, form.add-category button { border-radius: 16px; padding: 14px 16px; }
        .manage { margin: 8px 0 0; font-size: 15px; }
        .choice-line { display: flex; gap: 8px; align-items: center; padding: 6px 0; }
        .weekdays { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
        .toggle span { display: inline-block; min-width: 44px; text-align: center; padding: 8px 10px; border-radius: 12px; background: var(--card); cursor: pointer; user-select: none; }
        .toggle input:checked + span { background: var(--accent-fill); color: #fff; }
        .toggle input:focus-visible + span { outline: 2px solid var(--accent); outline-offset: 2px; }
        .summary { color: var(--muted); margin: 4px 0; font-size: 15px; }
        .summary:empty { display: none; }
        .period { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; }
        .inline { display: flex; gap: 8px; align-items: center; color: var(--muted); font-size: 15px; }
        .hint { color: var(--muted); font-size: 13px; margin: 6px 0 0; }
        .grid { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 4px; }
        .emoji-picker .choice span { display: grid; place-items: center; aspect-ratio: 1; font-size: 30px; border-radius: 16px; cursor: pointer; }
        .emoji-picker .choice input:checked + span { background: var(--line); }
        .color-picker .choice .swatch { display: block; aspect-ratio: 1; border-radius: 8px; border: 6px solid var(--bg); cursor: pointer; }
        .color-picker .choice input:checked + .swatch { outline: 3px solid var(--fg); outline-offset: -3px; box-shadow: 0 0 0 3px rgba(128,128,128,.35); }
        .choice input:focus-visible + span { outline: 2px solid var(--accent); }
        .actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; position: sticky; bottom: 60px; background: var(--bg); padding: 12px 0; }
        .actions .create { border-radius: 16px; padding: 14px 20px; font-weight: 500; background: var(--fg); color: var(--bg); }
        .actions .create:disabled { background: var(--muted); color: #fff; cursor: not-allowed; }
        .confirm { max-width: 420px; margin: 24px auto; display: grid; gap: 12px; text-align: center; }
        .confirm .question { font-size: 17px; font-weight: 500; }
        .confirm form button { width: 100%; border-radius: 16px; padding: 14px 20px; }
        .category-list { list-style: none; padding: 0; margin: 0 0 16px; display: grid; gap: 10px; }
        .category-row { display: grid; grid-template-columns: 1fr auto; gap: 6px; align-items: center; }
        .category-row .rename { display: grid; grid-template-columns: 1fr auto auto; gap: 6px; align-items: center; }
        .category-row .count { color: var(--muted); font-size: 13px; white-space: nowrap; }
        .category-row .field-error { grid-column: 1 / -1; }
        .category-row input { padding: 12px; }
        .category-row a.button, .category-row button { padding: 10px 12px; border-radius: 12px; font-size: 15px; }
        /* A phone has no room for the name beside three controls: the name takes the whole first line. */
        @media (max-width: 480px) {
            .category-row { grid-template-columns: 1fr auto auto; }
            .category-row .rename { display: contents; }
            .category-row .rename label { grid-column: 1 / -1; }
        }
        .subtitle { color: var(--muted); margin: 0 0 8px; }
        .emoji-big { font-size: 30px; }
        .detail-actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 16px; }
        .detail-actions a.button, .detail-actions button { padding: 8px 14px; border-radius: 12px; font-size: 15px; }
        .numbers { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; margin: 0 0 16px; }
        .numbers div { border: 1px solid var(--accent); border-radius: 16px; padding: 10px 12px; }
        .numbers dt { font-size: 12px; font-weight: 500; color: var(--muted); }
        .numbers dd { margin: 4px 0 0; font-size: 20px; font-weight: 700; }
        .numbers dd .quiet { color: var(--muted); font-weight: 400; } .numbers dd .good { color: var(--done); }
        .month-head { display: flex; align-items: center; justify-content: space-between; max-width: 420px; }
        .month-head .step { font-size: 26px; text-decoration: none; color: var(--accent); width: 32px; text-align: center; }
        .calendar { border-collapse: separate; border-spacing: 4px; width: 100%; max-width: 420px; }
        .calendar th { font-size: 12px; color: var(--muted); font-weight: 500; }
        .calendar td { text-align: center; padding: 0; }
        .calendar td span { display: block; padding: 8px 0; border-radius: 10px; font-size: 15px; }
        .calendar .done span { background: var(--done); color: #fff; }
        .calendar .missed span { background: color-mix(in srgb, var(--problem) 25%, transparent); }
        .calendar .slipped span { background: var(--problem); color: #fff; }
        .calendar .skipped span, .calendar .forgiven span { background: var(--card); color: var(--muted); }
        .calendar .future span, .calendar .before span { color: var(--muted); opacity: .5; }
        .calendar .today span { outline: 2px solid var(--accent); }
        .year-image { overflow-x: auto; padding-bottom: 6px; direction: rtl; }
        .year-image img { direction: ltr; }
        .year-image img { display: block; max-width: none; }

        """
}
