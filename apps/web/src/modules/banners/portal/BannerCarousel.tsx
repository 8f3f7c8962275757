import { useState } from 'react';
import { Carousel, theme } from 'antd';
import type { BannerPublic } from '@hanlin/shared';
import { useReducedMotion } from '../../../platform/dom';
import { Link } from 'react-router';

/** One slide: the picture alone (the slides are hidden from assistive technology while they are not shown). */
function Slide({ b }: { b: BannerPublic }) {
  const { token } = theme.useToken();
  return (
    <div data-testid="portal-banner" data-banner-id={b.id}>
      <img
        src={b.imageUrl ?? ''}
        alt={b.title}
        style={{ display: 'block', width: '100%', aspectRatio: '16 / 5', minHeight: 120, objectFit: 'cover', borderRadius: token.borderRadiusLG }}
      />
    </div>
  );
}

/** Over the picture shown, its link: a route of the site, or (new tab) an https page; none when the banner has no link. */
function CurrentLink({ b }: { b: BannerPublic }) {
  // The dots (at the bottom) stay clickable: the link covers the picture above them.
  const style = { position: 'absolute', insetBlock: '0 28px', insetInline: 0, zIndex: 1 } as const;
  if (!b.link) return null;
  return b.link.startsWith('/') ? (
    <Link to={b.link} aria-label={b.title} style={style} data-testid="portal-banner-link" />
  ) : (
    <a href={b.link} target="_blank" rel="noopener noreferrer" aria-label={b.title} style={style} data-testid="portal-banner-link" />
  );
}

/**
 * The portal home carousel (antd Carousel): autoplay, dots, full width at any screen size. The box clips its
 * track (its slides and their clones lie side by side, wider than a phone). The slides hold no link: the
 * carousel hides the slides not shown (and its clones) from assistive technology, and a link inside them would
 * still take the keyboard's focus (axe's aria-hidden-focus); one link over the carousel leads where the banner
 * shown leads, and autoplay pauses while it has the focus or the pointer (and is off when the system asks for reduced motion).
 */
export default function BannerCarousel({ banners }: { banners: BannerPublic[] }) {
  const [current, setCurrent] = useState(0);
  // Nothing slides by itself for a user whose system asks for reduced motion (the dots still change the banner).
  const still = useReducedMotion();
  const shown = banners[current] ?? banners[0];
  return (
    <div data-testid="portal-banners" style={{ position: 'relative', marginBlockEnd: 16, overflow: 'hidden', minWidth: 0 }}>
      <Carousel autoplay={banners.length > 1 && !still} autoplaySpeed={5000} dots={banners.length > 1} pauseOnHover pauseOnFocus beforeChange={(_, next) => setCurrent(next)}>
        {banners.map((b) => (
          <Slide key={b.id} b={b} />
        ))}
      </Carousel>
      {shown && <CurrentLink b={shown} />}
    </div>
  );
}
