import { sanitizeMessageHtml } from './messages.service';

describe('sanitizeMessageHtml', () => {
  it('keeps ordinary formatting, links and images', () => {
    const html =
      '<p>Hi <b>there</b> <em>now</em></p><ul><li>one</li></ul>' +
      '<a href="https://coldmail.test">site</a><img src="https://coldmail.test/a.png" alt="a">';
    expect(sanitizeMessageHtml(html)).toBe(html.replace(/">$/, '" />'));
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const cleaned = sanitizeMessageHtml(
      '<p onclick="steal()">Hi</p><script>steal()</script><style>p{}</style>' +
        '<a href="javascript:steal()">x</a><img src="x" onerror="steal()"><iframe src="//e"></iframe>',
    );
    expect(cleaned).toBe('<p>Hi</p><a>x</a><img src="x" />');
  });
});
