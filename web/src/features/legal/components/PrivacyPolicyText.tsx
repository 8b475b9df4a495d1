// The privacy policy (UK GDPR and the Data Protection Act 2018). No page chrome:
// the standalone page and the registration pop-up both render it.
import { useSiteInfo } from '../../../lib/site'
import '../legal-text.css'

const PRIVACY_POLICY_UPDATED = '21 November 2026'

type Props = {
  /** Level of the section headings: 2 on the standalone page, 3 inside a pop-up titled with an h2. */
  headingLevel?: 2 | 3
}

export function PrivacyPolicyText({ headingLevel = 2 }: Props) {
  const site = useSiteInfo()
  const email = site.data?.supportEmail
  const dpn = site.data?.dataProtectionNumber
  const H: 'h2' | 'h3' = headingLevel === 2 ? 'h2' : 'h3'
  const contact = email ? <a href={`mailto:${email}`}>{email}</a> : <>the support e-mail address shown in the footer of our website</>

  return (
    <div className="legal-text">
      <p className="legal-text__updated">Last updated: {PRIVACY_POLICY_UPDATED}</p>
      <p>
        This policy explains how OmniRent collects, uses, shares and protects personal data when you visit our website
        or use the OmniRent platform, whether you are a landlord, a letting agent or inspector acting for a landlord, a
        tenant, a renter undergoing a reference check, a property vendor or a visitor. It is written to meet the UK
        General Data Protection Regulation (&ldquo;UK GDPR&rdquo;), the Data Protection Act 2018 and the Privacy and
        Electronic Communications Regulations 2003 (&ldquo;PECR&rdquo;).
      </p>

      <H>At a glance</H>
      <ul>
        <li>Controller: OmniRent.</li>
        <li>Retention: for as long as you use OmniRent, plus 6 years.</li>
        <li>Requests about your data: answered within one month.</li>
        <li>Cookies: a single, strictly necessary session cookie.</li>
        <li>Complaints: to us, or to the ICO.</li>
      </ul>

      <H>1. Who we are</H>
      <p>
        OmniRent (&ldquo;OmniRent&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) is the controller of the personal data
        described in this policy, except where we say below that we act for someone else. We are registered with the
        Information Commissioner&apos;s Office (ICO){dpn ? <> under registration number {dpn}</> : null}.
      </p>
      <p>You can contact us about anything in this policy, including to exercise your rights, at {contact}.</p>

      <H>2. The personal data we collect</H>
      <p>We collect only what we need to provide the platform. Depending on how you use OmniRent, this includes:</p>
      <ul>
        <li>
          <strong>Account data:</strong> your name, e-mail address, telephone number, whether you are a landlord or a
          tenant, your password (stored only as a one-way hash, never in readable form) and the confirmation codes we
          send you.
        </li>
        <li>
          <strong>Property and listing data:</strong> addresses, descriptions, rents, photographs, certificates (such as
          gas safety, electrical and energy performance certificates) and the contact details you publish with a
          listing.
        </li>
        <li>
          <strong>Tenancy documents:</strong> the details entered into the contract builder (names and addresses of the
          parties, the property, rent, deposit and terms), the agreements produced and the electronic signatures placed
          on them. For each signature we record who signed, when, the IP address and browser used, and a fingerprint
          (hash) of the document signed, so that the signature can be proved later.
        </li>
        <li>
          <strong>Reference-check data:</strong> the renter&apos;s name, contact details and the details of the tenancy
          applied for, together with the affordability information described in section 4.
        </li>
        <li>
          <strong>Inventory and condition reports:</strong> photographs, notes, room-by-room descriptions, signatures and
          any comments or disputes raised on a report.
        </li>
        <li>
          <strong>Wallet and calendar data:</strong> the income, expenses, loans and events you choose to record.
        </li>
        <li>
          <strong>Payment data:</strong> what you bought, the amount, any promotional code and the outcome of the
          payment. Card details are entered directly with our payment provider; we never see or store your full card
          number or security code.
        </li>
        <li>
          <strong>Communications:</strong> messages you send us or send to other users through the platform, and our
          replies.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, browser type, device information, the pages and features used and
          the times of use, recorded in our security and server logs.
        </li>
      </ul>
      <p>
        We do not ask for special category data (such as health, religion or ethnic origin) and we ask you not to put
        it into free-text fields. The service is not intended for anyone under 18 and we do not knowingly collect data
        about children, except the names of minors that a landlord or tenant may need to list as permitted occupiers in
        a tenancy agreement.
      </p>

      <H>3. Why we use your data and our lawful bases</H>
      <p>Under the UK GDPR we must have a lawful basis for each use of personal data. We rely on the following:</p>
      <ul>
        <li>
          <strong>Performance of a contract</strong> (Article 6(1)(b)): to create and run your account, provide the
          tools you use, produce and deliver documents, process payments you make and give you support.
        </li>
        <li>
          <strong>Legal obligation</strong> (Article 6(1)(c)): to keep accounting and tax records, respond to lawful
          requests from courts, regulators and the police, and meet our own data protection duties.
        </li>
        <li>
          <strong>Legitimate interests</strong> (Article 6(1)(f)): to keep the platform secure and prevent fraud and
          misuse, to keep evidence of signatures and reports so that agreements can be enforced, to improve the service
          using aggregated information, to send you essential service messages, and to process the data of people who
          are not our customers but appear in documents our customers create (for example a tenant named in an
          agreement, or a guarantor). We have balanced these interests against your rights and you can object to them
          (see section 8).
        </li>
        <li>
          <strong>Consent</strong> (Article 6(1)(a)): to connect to your bank account through open banking for a
          reference check, and to send you marketing e-mails if you opt in. You can withdraw consent at any time;
          this does not affect what we did before you withdrew it.
        </li>
      </ul>

      <H>4. Reference checks and open banking</H>
      <p>
        When a landlord orders a reference check, the renter receives an invitation and decides whether to take part.
        If they do, they connect their bank account through a regulated open-banking provider, using their own bank&apos;s
        secure login. The provider gives us read-only access, for a limited time, to information such as account
        holder name, income and regular outgoings. We use it to calculate whether the rent is affordable.
      </p>
      <ul>
        <li>The landlord sees the result of the check, never the renter&apos;s bank statements or transactions.</li>
        <li>
          We do not use transaction data for any other purpose, do not sell it and do not use it for marketing. We
          ignore any details of individual transactions that could reveal special category data.
        </li>
        <li>
          The affordability result is calculated automatically, but it does not by itself decide whether a tenancy is
          offered: that decision is made by the landlord, a person. If you think a result is wrong, you can ask us to
          review it with a member of our team and you can give your point of view.
        </li>
        <li>
          For the reference checks a landlord orders, the landlord is a separate controller of the result they receive
          and decides how to use it in choosing a tenant. Landlords must use results lawfully, including the rule that a
          renter may not be refused because they have children or receive benefits.
        </li>
      </ul>

      <H>5. Who we share data with</H>
      <p>We never sell personal data. We share it only as follows:</p>
      <ul>
        <li>
          <strong>Other users, as the service requires:</strong> for example a landlord and tenant see each other&apos;s
          details in the agreement they both sign, a published listing shows the contact details the landlord chose to
          publish, and a landlord sees the result of a reference check they ordered.
        </li>
        <li>
          <strong>Service providers who act on our instructions (processors):</strong>
          <ul>
            <li>our payment provider, which processes card payments and helps prevent payment fraud;</li>
            <li>
              our open-banking provider, which is authorised by the Financial Conduct Authority to access account
              information with the account holder&apos;s consent;
            </li>
            <li>our cloud hosting, database and file storage providers, which store the platform and its data;</li>
            <li>our e-mail delivery provider, which sends account and service e-mails.</li>
          </ul>
          Each processor works under a written contract that requires it to keep the data secure and use it only to
          provide its service to us. You can ask us for the current list of processors.
        </li>
        <li>
          <strong>Professional advisers</strong> such as lawyers, accountants, auditors and insurers, where needed.
        </li>
        <li>
          <strong>Authorities:</strong> the police, HM Revenue &amp; Customs, courts, tribunals and regulators, when the
          law requires us to or to protect the rights, property or safety of our users or others.
        </li>
        <li>
          <strong>A buyer or successor:</strong> if OmniRent or its business is sold or reorganised, the data may pass
          to the new owner, who must respect this policy.
        </li>
      </ul>

      <H>6. International transfers</H>
      <p>
        We aim to keep personal data in the United Kingdom. Where a provider processes data outside the UK, we make sure
        the transfer is protected: either the destination is covered by UK adequacy regulations, or we use the
        ICO&apos;s International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual Clauses,
        together with any additional safeguards needed.
      </p>

      <H>7. How long we keep data</H>
      <p>
        We keep your personal data for as long as you use OmniRent and for <strong>6 years</strong> after your account
        is closed or your last use of the service. Six years is the period in which legal claims about a contract can
        usually be brought in England and Wales (Limitation Act 1980) and matches the period for which business and tax
        records must be kept. At the end of that period we delete the data or anonymise it so that it can no longer
        identify you.
      </p>
      <p>
        Where a tenancy agreement or report is shared between several users, each party keeps access to their copy
        while they use the service. We may keep data for longer only if the law requires it or while a claim or
        investigation is under way.
      </p>

      <H>8. Your rights</H>
      <p>Under data protection law you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> the personal data we hold about you and receive a copy;
        </li>
        <li>
          <strong>rectification</strong> of data that is inaccurate or incomplete;
        </li>
        <li>
          <strong>erasure</strong> of your data where there is no longer a good reason for us to keep it;
        </li>
        <li>
          <strong>restrict</strong> our use of your data, for example while we check its accuracy;
        </li>
        <li>
          <strong>object</strong> to uses based on our legitimate interests, and to direct marketing at any time;
        </li>
        <li>
          <strong>data portability:</strong> receive data you gave us in a structured, machine-readable format or have
          it sent to another organisation;
        </li>
        <li>
          <strong>withdraw consent</strong> where we rely on it, for example for open-banking access;
        </li>
        <li>
          not be subject to a decision based solely on automated processing that has legal or similarly significant
          effects on you, and to obtain human review of such a decision.
        </li>
      </ul>
      <p>
        To use any of these rights, write to us at {contact}. We may ask you to confirm your identity. We answer every
        request <strong>within one month</strong> of receiving it. If a request is complex or you make several, we may
        extend this by up to two further months, and if so we will tell you why within the first month. Exercising your
        rights is free of charge, unless a request is manifestly unfounded or excessive.
      </p>

      <H>9. Keeping your data secure</H>
      <p>
        We protect personal data with technical and organisational measures appropriate to the risk, including
        encryption in transit (HTTPS), hashed passwords, access controls that let each user see only their own records,
        server-side checks of every permission, audit records of signatures, regular backups and staff confidentiality
        obligations. If a personal data breach is likely to result in a risk to you, we will report it to the ICO within
        72 hours of becoming aware of it and tell you without undue delay where the risk is high.
      </p>

      <H>10. Cookies</H>
      <p>
        We use <strong>only one cookie: a strictly necessary session cookie</strong>. It is set when you sign in, keeps
        you signed in as you move between pages and protects your account from requests forged by other websites. It
        cannot be read by scripts on the page, is sent only over secure connections and expires when you sign out or
        after a period of inactivity.
      </p>
      <p>
        Because this cookie is strictly necessary to provide the service you ask for, PECR does not require your consent
        for it, and we do not show a cookie banner. We do not use analytics, advertising or social-media tracking
        cookies. If this ever changes, we will update this policy and ask for your consent first.
      </p>

      <H>11. Complaints</H>
      <p>
        If you are unhappy with how we have handled your personal data, please contact us first at {contact} so that we
        can try to put it right. You also have the right to complain to the Information Commissioner&apos;s Office, the
        UK supervisory authority for data protection:
      </p>
      <ul>
        <li>
          online at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a>;
        </li>
        <li>by telephone on 0303 123 1113;</li>
        <li>by post to Information Commissioner&apos;s Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF.</li>
      </ul>

      <H>12. Changes to this policy</H>
      <p>
        We may update this policy when our service or the law changes. The date at the top shows when it last changed.
        If we make a significant change, we will tell you by e-mail or with a notice in the platform before it takes
        effect.
      </p>
    </div>
  )
}
