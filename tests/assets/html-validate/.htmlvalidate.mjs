// html-validate's rules for every page the app serves (tests/test_markup.py). A module rather
// than JSON so that each rule relaxed here says why beside it.
export default {
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    // Templates indent their tags, and a tag left out by a condition leaves its indent at the end
    // of a line; no browser shows it, and stripping it would cost the templates' readability.
    "no-trailing-whitespace": "off",
    // ARIA lets a list or a table be named for what it holds (the setup's ability cards, the
    // round tracker); a span or a div with no role still may not carry a label.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
    // Every script and stylesheet comes from the app's own server (the CSP allows only 'self'):
    // a hash guards against a host we do not run, so it is asked only of another origin's file.
    "require-sri": ["error", { target: "crossorigin" }],
    // The host's setup and each seat's role are sent as they change (hx-trigger="change"), with
    // nothing to press. A submit button guards against a change that takes the page elsewhere
    // unasked (WCAG 3.2.2); these change a choice on the same page and nothing else.
    "wcag/h32": "off",
  },
};
