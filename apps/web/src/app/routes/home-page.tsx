import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/api/get-current-user';
import { CategoryTiles } from '../../features/catalogue/components/category-tiles';
import { FreshListings } from '../../features/catalogue/components/fresh-listings';
import { HomeTestimonials } from '../../features/testimonials/home-testimonials';
import { useI18n } from '../../lib/i18n/i18n-store';
import { isNewAccount } from '../../lib/new-account';
import { paths } from '../../lib/paths';

/**
 * A small greeting (or the invitation to sign up), the catalogue's category tiles and fresh listings near
 * the visitor, the welcome video for a visitor, and what buyers and sellers say.
 */
export function HomePage() {
  const { t } = useI18n();
  const categoriesId = useId();
  const visitor = useCurrentUser().data === null;
  return (
    <>
      <Greeting />
      <section aria-labelledby={categoriesId} className="mt-4">
        <h2 id={categoriesId} className="h4 mb-3">
          {t('browse.browseCategories')}
        </h2>
        <CategoryTiles />
      </section>
      <FreshListings />
      {visitor && <HomeWelcomeVideo />}
      <HomeTestimonials />
    </>
  );
}

// The welcome video's code comes when its section nears the screen (it sits below the fresh listings),
// so a first visit that does not scroll there downloads neither it nor the poster (decision 041).
const WelcomeVideo = lazy<(props: { className?: string }) => React.ReactNode>(() =>
  import('../../components/welcome-video').then(
    (module) => ({ default: module.WelcomeVideo }),
    // It could not come: the box stays empty, as on a page that never scrolled there.
    () => ({ default: (): null => null }),
  ),
);

/** For a visitor: the welcome video's heading and its 16:9 box, kept while the code comes. */
function HomeWelcomeVideo() {
  const { t } = useI18n();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      {
        rootMargin: '200px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div ref={box} style={{ aspectRatio: '16 / 9', maxWidth: '40rem' }} />;
  return (
    <section aria-labelledby={id} className="mt-5">
      <h2 id={id} className="h4 mb-3">
        {t('welcomeVideo.heading')}
      </h2>
      {near ? (
        <Suspense fallback={placeholder}>
          <WelcomeVideo />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}

function Greeting() {
  const { data: user, isPending } = useCurrentUser();
  const { t } = useI18n();
  if (isPending) return <div className="home-greeting" />;
  if (user) {
    return (
      <section className="home-greeting">
        <h1 className="h3">
          {t(isNewAccount(user.id) ? 'home.welcomeNew' : 'home.welcomeBack', {
            name: user.first_name,
          })}
        </h1>
        <p className="text-break text-body-secondary mb-2">
          {user.company
            ? t('home.signedInAsFor', { email: user.email, company: user.company.name })
            : t('home.signedInAs', { email: user.email })}
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-primary" to={paths.sell}>
            {t('browse.sellAnItem')}
          </Link>
          <Link className="btn btn-outline-secondary" to={paths.profile}>
            {t('home.editProfile')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="home-greeting">
      <h1 className="h3">{t('home.headline')}</h1>
      <p className="text-body-secondary mb-2">{t('home.intro')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to={paths.register}>
          {t('nav.createAccount')}
        </Link>
        <Link className="btn btn-outline-primary" to={paths.login}>
          {t('nav.logIn')}
        </Link>
      </div>
    </section>
  );
}
