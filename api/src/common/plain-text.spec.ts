import { plainText } from './plain-text';

describe('plainText', () => {
  it('removes markup and keeps the characters people typed', () => {
    expect(plainText('Hi <script>alert(1)</script><b>you</b> & "me" <3')).toBe('Hi you & "me" <3');
    expect(plainText('<img src=x onerror=alert(1)>Tom &amp; Jerry')).toBe('Tom & Jerry');
    expect(plainText('a < b and c > d, Tom & Jerry, AT&T')).toBe(
      'a < b and c > d, Tom & Jerry, AT&T',
    );
  });

  it('reads entities as the characters they stand for, and removes the markup they spell', () => {
    expect(plainText('5 &lt; 6 &amp;&amp; &lt;b&gt;x&lt;/b&gt;')).toBe('5 < 6 && x');
    expect(plainText('&lt;img src=x onerror=alert(1)&gt;')).toBe('');
    expect(plainText('Hi &lt;script&gt;alert(document.cookie)&lt;/script&gt;there')).toBe(
      'Hi there',
    );
    expect(plainText('&#60;svg onload=alert(1)&#x3e;ok')).toBe('ok');
  });

  it('removes markup encoded more than once or pieced together by removing markup', () => {
    expect(plainText('&amp;lt;script&amp;gt;x()&amp;lt;/script&amp;gt;ok')).toBe('ok');
    expect(plainText('<<b></b>script>x()<</b>/script>ok')).toBe('ok');
    expect(plainText('&l<b></b>t;img src=x onerror=alert(1)&gt;ok')).toBe('ok');
  });

  it('gives text that stays the same when read as HTML again', () => {
    const inputs = [
      'Tom & Jerry <3',
      '&amp;amp;lt;b&amp;amp;gt;',
      `${'&amp;'.repeat(3)}lt;i&gt;`,
      `&${'amp;'.repeat(20)}lt;img src=x onerror=alert(1)&gt;`,
    ];
    for (const input of inputs) {
      const text = plainText(input);
      expect(plainText(text)).toBe(text);
      expect(text).not.toMatch(/<[a-z/!?]/i);
    }
  });
});
