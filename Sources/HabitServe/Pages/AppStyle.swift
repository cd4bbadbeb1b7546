/// The style sheet: phone first (cards in two columns, a tab bar at the bottom), wider screens
/// get more columns; dark colours follow the system through `prefers-color-scheme`.
enum AppStyle {
    static let css = """
        :root { --bg: #ffffff; --fg: #1a1b22; --muted: #696a70; --card: #f2f2f4; --line: #e6e8eb; --accent: #2f64d6; --accent-fill: #2f64d6;
          --done: #33cf69; --note: #fff3cd; --note-fg: #5c4400; --problem: #c4302f; color-scheme: light dark; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #1a1b22; --fg: #ffffff; --muted: #aeafb4; --card: #2c2d35; --line: #3a3b44; --accent: #7ea6f7; --accent-fill: #2f64d6;
            --note: #4a3c10; --note-fg: #ffe9a8; }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 17px/1.35 -apple-system, system-ui, "SF Pro Text", "Segoe UI", Roboto, sans-serif; }
        main { max-width: 960px; margin: 0 auto; padding: 8px 16px 96px; }
        a { color: var(--accent); }
        .note { margin: 0; padding: 10px 16px; background: var(--note); color: var(--note-fg); font-size: 15px; text-align: center; position: sticky; top: 0; z-index: 2; }
        .note[hidden] { display: none; }
        .note.problem { background: var(--problem); color: #fff; }
        .note.update button { margin-left: 8px; min-height: 44px; padding: 0 14px; border-radius: 10px; border: 0; background: var(--accent-fill); color: #fff; font: inherit; }
        .card.waiting { outline: 2px dashed var(--muted); outline-offset: 3px; border-radius: 16px; }
        .card .pending { font-size: 15px; margin-right: 4px; }
        .refused { margin: 8px 0 12px; padding: 10px 14px; border: 2px solid var(--problem); border-radius: 13px; }
        .refused h2 { margin: 0 0 6px; font-size: 17px; color: var(--problem); }
        .refused ul { list-style: none; margin: 0; padding: 0; }
        .refused li { padding: 6px 0; border-top: 1px solid var(--line); }
        .refused p { margin: 2px 0; }
        .refused .what { font-weight: 600; }
        .refused button { min-height: 44px; min-width: 44px; margin: 4px 8px 0 0; padding: 0 16px; border-radius: 10px; border: 1px solid var(--line); background: var(--card); color: var(--fg); font: inherit; }
        .refused button.retry { background: var(--accent-fill); color: #fff; border: 0; }
        .top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
        h1 { font-size: 34px; margin: 8px 0; }
        h2 { font-size: 19px; margin: 20px 0 10px; }
        .label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        input, button { font: inherit; color: inherit; }
        input[type=date], input[type=search], input[type=number], input[type=password] { background: var(--card); border: 0; border-radius: 8px; padding: 7px 10px; }
        button { background: var(--accent-fill); color: #fff; border: 0; border-radius: 8px; padding: 7px 12px; cursor: pointer; }
        .date { display: flex; gap: 6px; }
        .search input { width: 100%; margin: 8px 0; }
        .week { display: flex; align-items: stretch; gap: 4px; margin: 4px 0; }
        .week .day, .week .step { flex: 1; text-align: center; text-decoration: none; color: var(--fg); border-radius: 10px; padding: 4px 0; }
        .week .step { flex: 0 0 44px; min-height: 44px; color: var(--muted); font-size: 22px; }
        .week small { display: block; color: var(--muted); font-size: 12px; }
        .week b { font-weight: 600; }
        .week .future { opacity: .4; }
        .week .today b { color: var(--accent); }
        .week [aria-current] { background: var(--accent-fill); }
        .week [aria-current] b, .week [aria-current] small { color: #fff; }
        .cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 9px; }
        @media (min-width: 640px) { .cards { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
        @media (min-width: 900px) { .cards { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
        .card .face { background: var(--accent-fill); color: #fff; border-radius: 16px; padding: 12px; min-height: 90px; display: flex; flex-direction: column; justify-content: space-between; }
        .card .emoji { width: 28px; height: 28px; border-radius: 50%; background: rgba(255,255,255,.3); display: grid; place-items: center; font-size: 15px; }
        .card .name { font-size: 13px; font-weight: 500; overflow-wrap: anywhere; }
        .card .foot { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px; padding: 8px 12px 0 12px; }
        .card .count { white-space: nowrap; }
        .card form:has(.amount) { flex: 1 1 100%; min-width: 0; display: grid; grid-template-columns: minmax(0, 1fr) auto; }
        .card .amount { flex: 1; display: flex; align-items: center; min-width: 0; background: var(--card); border-radius: 8px; }
        .card .amount input { flex: 1; min-width: 2.5em; width: 100%; background: transparent; }
        .card .amount .of { padding-right: 8px; white-space: nowrap; color: var(--muted); }
        /* The amount and its target read as one field: the focus ring goes round both. */
        .card .amount:focus-within { outline: 2px solid var(--accent); }
        .card .amount input:focus { outline: none; }
        .card .count { font-size: 12px; font-weight: 500; }
        .card form { display: flex; gap: 4px; align-items: center; }
        .card .tick { width: 44px; height: 44px; border-radius: 50%; padding: 0; font-size: 22px; line-height: 44px; }
        /* A done ✓ is never faded (faded, it fell below 3:1 on the dark page): a bold ✓ on the full card colour, ringed in the text colour. */
        .card.done .tick:not(.slip) { font-weight: 700; box-shadow: 0 0 0 2px var(--bg), 0 0 0 4px var(--fg); }
        /* A skipped or slipped day is striped, never faded: dark stripes only raise the white name's contrast. */
        .card.skipped .face, .card.slipped .face { background-image: repeating-linear-gradient(135deg, rgba(0,0,0,.22) 0 6px, transparent 6px 14px); }
        .card .amount input { padding: 5px 8px; }
        .card .save { min-height: 44px; min-width: 44px; padding: 5px 10px; font-size: 14px; }
        /* Two cards a row leave no room for "3 / 8 glasses" beside the button: the button goes under the field. */
        @media (max-width: 639px) { .card form:has(.amount) { grid-template-columns: minmax(0, 1fr); } }
        .welcome { max-width: 32rem; margin: 12vh auto 0; text-align: center; }
        .welcome h1 { font-size: 32px; }
        .welcome a.button { min-width: 60%; min-height: 44px; }
        .welcome a.skip { display: inline-block; padding: 12px; min-height: 44px; color: var(--accent); }
        .welcome .dots { display: flex; gap: 8px; justify-content: center; }
        .welcome .dots span { width: 8px; height: 8px; border-radius: 50%; background: currentColor; opacity: .3; }
        .welcome .dots span.on { opacity: 1; }
        .empty { text-align: center; padding: 48px 0; }
        .empty-art { font-size: 64px; }
        .empty p { font-size: 12px; font-weight: 500; }
        .sheet { margin: 24px auto 0; max-width: 420px; text-align: center; }
        .sheet summary { display: inline-block; background: var(--accent-fill); color: #fff; border-radius: 16px; padding: 12px 20px; cursor: pointer; list-style: none; }
        .sheet summary::-webkit-details-marker { display: none; }
        .filters { list-style: none; padding: 0; margin: 12px 0 0; background: var(--card); border-radius: 16px; text-align: left; }
        .filters a { display: flex; justify-content: space-between; padding: 14px 16px; color: var(--fg); text-decoration: none; border-bottom: 1px solid var(--line); }
        .filters li:last-child a { border-bottom: 0; }
        .filters .check { color: var(--accent); }
        .figures { list-style: none; padding: 0; margin: 24px 0; display: grid; gap: 12px; max-width: 480px; }
        .figure { border: 1px solid var(--accent); border-radius: 16px; padding: 12px; display: flex; flex-direction: column; }
        .figure b { font-size: 34px; }
        .figure span { font-size: 12px; font-weight: 500; }
        .problems { background: var(--card); border-left: 4px solid var(--problem); padding: 8px 12px; border-radius: 8px; margin: 12px 0; }
        .problem { color: var(--problem); }
        .syncbar { margin: 24px 0; text-align: center; }
        .syncbar button { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
        .login { display: flex; gap: 8px; flex-wrap: wrap; }
        .tabs { position: fixed; bottom: 0; left: 0; right: 0; display: flex; background: var(--bg); border-top: 1px solid var(--line); padding-bottom: env(safe-area-inset-bottom); z-index: 3; }
        .tabs a { flex: 1; text-align: center; padding: 6px 0 8px; font-size: 11px; color: var(--muted); text-decoration: none; }
        .tabs a span { display: block; font-size: 22px; }
        .tabs a[aria-current] { color: var(--accent); }

        """
}
