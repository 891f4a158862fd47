import { useId } from 'react';
import {
  type Certification,
  formatCount,
  formatRating,
  starsOf,
  type TrustSignals,
  trustLine,
} from '../../shared/trust-signals';
import { Icon } from './icons';
import { Picture } from './picture';
import { SectionHeading } from './section-heading';

const STAR = 'M12 17.3 18.2 21l-1.6-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.5 14l-1.7 7z';

/** Five stars drawn for a rating, half stars included; the text beside them says the number. */
export function Stars({ value }: { value: number }) {
  const id = useId();
  const stars = starsOf(value).map((kind, i) => ({ kind, position: i + 1 }));
  return (
    <span className="stars" aria-hidden="true">
      {stars.map(({ kind, position }) => (
        <svg
          key={position}
          className={`star star-${kind}`}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
        >
          {kind === 'half' ? (
            <defs>
              <clipPath id={`${id}-half`}>
                <rect x="0" y="0" width="12" height="24" />
              </clipPath>
            </defs>
          ) : null}
          <path d={STAR} className="star-back" />
          {kind === 'half' ? <path d={STAR} className="star-fill" clipPath={`url(#${id}-half)`} /> : null}
          {kind === 'full' ? <path d={STAR} className="star-fill" /> : null}
        </svg>
      ))}
    </span>
  );
}

/** The rating, its stars and its count, linking to where the reviews are when that is set. */
function RatingSummary({ rating }: { rating: NonNullable<TrustSignals['rating']> }) {
  const count = rating.count ? `${formatCount(rating.count)} reviews` : '';
  const body = (
    <>
      <strong className="trust-value">{formatRating(rating.value)}</strong>
      <Stars value={rating.value} />
      <span className="trust-label">
        <span className="visually-hidden">out of 5</span>
        {count ? ` from ${count}` : ' average rating'}
      </span>
      {/* Where the rating comes from: a number without its source is a claim nobody can check. */}
      {rating.source ? <span className="trust-source">{`Source: ${rating.source}`}</span> : null}
    </>
  );
  return rating.url ? (
    <a className="trust-rating" href={rating.url} target="_blank" rel="noopener">
      {body}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <span className="trust-rating">{body}</span>
  );
}

function CertificationBadge({
  certification,
  size,
  withIssuer = false,
}: {
  certification: Certification;
  size: number;
  withIssuer?: boolean;
}) {
  return (
    <>
      {certification.image ? (
        <Picture
          src={certification.image}
          alt=""
          sizes={`${size}px`}
          width={size}
          height={size}
          className="cert-logo"
        />
      ) : (
        <Icon name="shield" className="icon cert-icon" />
      )}
      <span className="cert-text">
        <span className="cert-name">{certification.name}</span>
        {withIssuer && certification.issuer ? (
          <span className="cert-issuer">{certification.issuer}</span>
        ) : null}
        {certification.number ? <span className="cert-number">{`No. ${certification.number}`}</span> : null}
        {withIssuer && certification.url ? (
          <a className="cert-check" href={certification.url} target="_blank" rel="noopener">
            Check it with the issuer
            <span className="visually-hidden">{`: ${certification.name} (opens in a new tab)`}</span>
          </a>
        ) : null}
      </span>
    </>
  );
}

/** The home page's band: the numbers a customer checks before calling, in one compact strip. */
export function TrustBand({ signals }: { signals: TrustSignals }) {
  const { founded, jobsCompleted, rating, warranty, certifications } = signals;
  return (
    <section className="trust-band" aria-labelledby="trust-band-title">
      <div className="container">
        <h2 id="trust-band-title" className="visually-hidden">
          Why customers trust us
        </h2>
        <ul className="trust-stats">
          {founded ? (
            <li>
              <strong className="trust-value">{founded.years}</strong>
              <span className="trust-label">{`years in business, since ${founded.year}`}</span>
            </li>
          ) : null}
          {jobsCompleted ? (
            <li>
              <strong className="trust-value">{`${formatCount(jobsCompleted)}+`}</strong>
              <span className="trust-label">jobs completed</span>
            </li>
          ) : null}
          {rating ? (
            <li className="trust-rating-item">
              <RatingSummary rating={rating} />
            </li>
          ) : null}
          {warranty ? (
            <li className="trust-warranty">
              <Icon name="shield" className="icon trust-icon" />
              <span>
                {warranty.short ? <strong>{warranty.short}</strong> : null}
                {warranty.terms ? <span className="trust-label">{warranty.terms}</span> : null}
              </span>
            </li>
          ) : null}
        </ul>
        {certifications.length > 0 ? (
          <ul className="cert-strip" aria-label="Certifications and licences">
            {certifications.map((certification) => (
              <li key={certification.name}>
                <CertificationBadge certification={certification} size={32} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** The about page's fuller account: the numbers, each certification with its issuer, number and link, the warranty. */
export function TrustDetails({ signals }: { signals: TrustSignals }) {
  const { founded, jobsCompleted, rating, warranty, certifications } = signals;
  const numbers = Boolean(founded || jobsCompleted || rating);
  return (
    <section className="section" aria-labelledby="trust-details">
      <div className="container">
        <SectionHeading id="trust-details" eyebrow="Why customers trust us" title="Proof you can check" />
        {numbers ? (
          <ul className="trust-stats trust-stats-cards">
            {founded ? (
              <li className="card card-pad">
                <strong className="trust-value">{founded.years}</strong>
                <span className="trust-label">{`years in business, since ${founded.year}`}</span>
              </li>
            ) : null}
            {jobsCompleted ? (
              <li className="card card-pad">
                <strong className="trust-value">{`${formatCount(jobsCompleted)}+`}</strong>
                <span className="trust-label">jobs completed</span>
              </li>
            ) : null}
            {rating ? (
              <li className="card card-pad trust-rating-item">
                <RatingSummary rating={rating} />
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="trust-columns">
          {certifications.length > 0 ? (
            <div className="card card-pad">
              <h3>Certifications and licences</h3>
              <ul className="cert-list">
                {certifications.map((certification) => (
                  <li key={certification.name}>
                    <CertificationBadge certification={certification} size={48} withIssuer />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {warranty ? (
            <div className="card card-pad">
              <h3 className="trust-warranty-title">
                <Icon name="shield" className="icon trust-icon" />
                {warranty.short || 'Our warranty'}
              </h3>
              {warranty.terms ? <p>{warranty.terms}</p> : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The footer's short line of the same signals. */
export function TrustLine({ signals }: { signals: TrustSignals }) {
  const parts = trustLine(signals);
  if (parts.length === 0) return null;
  return (
    <div className="trust-line-wrap">
      <ul className="trust-line" aria-label="Why customers trust us">
        {parts.map((part) => (
          <li key={part.text}>
            {part.href ? (
              <a href={part.href} target="_blank" rel="noopener">
                {part.text}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              part.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
