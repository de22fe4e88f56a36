import { useEffect, useRef, useState } from 'react';
import styles from './Blocks.module.css';

/** The video id of a YouTube watch, embed or short link; null for anything else. */
export function youTubeIdOf(url: string): string | null {
  const match = /(?:youtu\.be\/|[?&]v=|\/embed\/)([\w-]{6,})/.exec(url);
  return match?.[1] ?? null;
}

/**
 * A thumbnail until the visitor clicks it: YouTube's player (and its scripts and cookies) loads
 * only then, and takes the focus the thumbnail had. Without a usable link: 'No video available'.
 * `title` is the video's whole title: it names the thumbnail and the player.
 */
export function YouTubePlayer({ url, title }: { url: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);
  const id = youTubeIdOf(url);
  if (!id) return <div className={styles.noVideo}>No video available</div>;
  if (playing) {
    return (
      <iframe
        ref={player}
        className={styles.video}
        src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
        title={title}
        width={560}
        height={315}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button type="button" className={styles.thumbnail} onClick={() => setPlaying(true)}>
      <img
        src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`}
        alt=""
        width={480}
        height={360}
        loading="lazy"
      />
      <span className={styles.play}>
        <span aria-hidden="true">▶</span> Play video: {title}
      </span>
    </button>
  );
}
