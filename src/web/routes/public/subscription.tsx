import { data, Form, Link } from 'react-router';
import { secretFrom } from '../../../shared/secret-links';
import { SUBSCRIPTION_TOKEN, subscriptionMessages } from '../../../shared/subscription';
import { SubscribeForm } from '../../components/footer';
import type { Route } from './+types/subscription';

const STEPS = {
  subscribe: {
    title: 'Subscribe',
    lead: 'Get maintenance tips and offers by e-mail. We send a link to confirm your address first.',
    button: 'Subscribe',
  },
  confirm: {
    title: 'Confirm your subscription',
    lead: 'Press the button to start receiving our news and maintenance tips at this address.',
    button: 'Confirm subscription',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    lead: 'Press the button to remove your address from our list. You will get no more e-mail from us.',
    button: 'Unsubscribe',
  },
} as const;
type Step = keyof typeof STEPS;

function stepOf(params: { step?: string }): Step {
  if (params.step === 'subscribe' || params.step === 'confirm' || params.step === 'unsubscribe')
    return params.step;
  throw data(null, { status: 404 });
}

/**
 * The footer's subscribe box posted without JavaScript lands on `subscribe`. The pages behind the links in a subscriber's mail. Mail scanners open every link, so opening
 * one changes nothing: it shows a button, and only the button's POST (a plain form, no
 * JavaScript needed) confirms or unsubscribes.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const step = stepOf(params);
  const token = secretFrom(
    step === 'confirm' ? 'subscriptionConfirm' : 'unsubscribe',
    new URL(request.url).searchParams,
  );
  return { step, token: SUBSCRIPTION_TOKEN.test(token) ? token : '' };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOf(params);
  const form = await request.formData();
  if (step === 'subscribe') {
    const email = String(form.get('email') ?? '');
    const result = await context.site.submitForm('subscribers', { email }, { ip: context.clientIp });
    if (result.ok) return { ok: true, message: result.message ?? '' };
    return data(
      { ok: false, message: result.fields?.email ?? result.error, email },
      { status: result.status },
    );
  }
  const token = String(form.get('token') ?? '');
  const outcome =
    step === 'confirm'
      ? await context.site.confirmSubscription(token)
      : await context.site.unsubscribe(token);
  return data(outcome, { status: outcome.ok ? 200 : 404 });
}

// A page per token: nothing worth keeping in the shared page cache or a search index.
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: loaded ? STEPS[loaded.step].title : 'Subscription' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const step = STEPS[loaderData.step];
  if (loaderData.step === 'subscribe') {
    const refused = actionData && !actionData.ok ? actionData : null;
    return (
      <section className="section" aria-labelledby="subscription-title">
        <div className="container narrow result-page">
          <h1 id="subscription-title">{step.title}</h1>
          {actionData?.ok ? (
            <p className="form-notice is-success" role="status">
              {actionData.message}
            </p>
          ) : (
            <>
              <p className="lead">{step.lead}</p>
              <SubscribeForm
                refused={refused?.message}
                email={refused && 'email' in refused ? String(refused.email) : ''}
              />
            </>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="section" aria-labelledby="subscription-title">
      <div className="container narrow result-page">
        <h1 id="subscription-title">{step.title}</h1>
        {actionData ? (
          <>
            <p className={`form-notice ${actionData.ok ? 'is-success' : 'is-error'}`} role="status">
              {actionData.message}
            </p>
            <p className="cta-row">
              <Link to="/home" className="btn btn-primary">
                Back to the home page
              </Link>
            </p>
          </>
        ) : loaderData.token ? (
          <>
            <p className="lead">{step.lead}</p>
            <Form method="post" reloadDocument>
              <input type="hidden" name="token" value={loaderData.token} />
              <button type="submit" className="btn btn-primary">
                {step.button}
              </button>
            </Form>
          </>
        ) : (
          <p className="form-notice is-error" role="status">
            {subscriptionMessages.linkInvalid}
          </p>
        )}
      </div>
    </section>
  );
}
