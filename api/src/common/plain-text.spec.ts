import { plainText } from './plain-text';

describe('plainText', () => {
  it('removes markup and keeps the characters people typed', () => {
    expect(plainText('Hi <script>alert(1)</script><b>you</b> & "me" <3')).toBe('Hi you & "me" <3');
    expect(plainText('<img src=x onerror=alert(1)>Tom &amp; Jerry')).toBe('Tom & Jerry');
  });

  it('reads entities as the characters they stand for, which never become markup again', () => {
    expect(plainText('5 &lt; 6 &amp;&amp; &lt;b&gt;x&lt;/b&gt;')).toBe('5 < 6 && <b>x</b>');
  });
});
