// The terms of service (law of England and Wales). No page chrome: the
// standalone page and the registration pop-up both render it.
import { useSiteInfo } from '../../../lib/site'
import '../legal-text.css'

const TERMS_UPDATED = '21 November 2026'

type Props = {
  /** Level of the section headings: 2 on the standalone page, 3 inside a pop-up titled with an h2. */
  headingLevel?: 2 | 3
}

export function TermsOfServiceText({ headingLevel = 2 }: Props) {
  const site = useSiteInfo()
  const email = site.data?.supportEmail
  const H: 'h2' | 'h3' = headingLevel === 2 ? 'h2' : 'h3'
  const contact = email ? <a href={`mailto:${email}`}>{email}</a> : <>the support e-mail address shown in the footer of our website</>

  return (
    <div className="legal-text">
      <p className="legal-text__updated">Last updated: {TERMS_UPDATED}</p>
      <p>
        These terms of service (&ldquo;Terms&rdquo;) form a legally binding agreement between you and OmniRent
        (&ldquo;OmniRent&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) for your use of the OmniRent website and platform
        (the &ldquo;Service&rdquo;). Please read them carefully. By creating an account or using the Service you agree to
        these Terms and to our Privacy Policy. If you do not agree, please do not use the Service.
      </p>
      <p className="legal-text__callout">
        <strong>Important:</strong> OmniRent is not a law firm and does not give legal, financial or tax advice.
        Documents produced by the contract builder and other tools are templates completed with the information you
        provide; they are not legal advice (see section 7). Section 15 limits our liability, and section 17 asks you to
        try to resolve disputes with us informally for 60 days before arbitration.
      </p>

      <H>1. Who we are and how to contact us</H>
      <p>
        The Service is provided by OmniRent. You can contact us at {contact}. If we need to contact you, we will use the
        e-mail address or telephone number in your account.
      </p>

      <H>2. Definitions</H>
      <ul>
        <li>
          <strong>Landlord</strong> means a user who lets, or intends to let, residential property, including a letting
          agent, property manager or inspector acting with the landlord&apos;s authority.
        </li>
        <li>
          <strong>Tenant</strong> means a user who rents, or applies to rent, a property, including a renter invited to
          complete a reference check.
        </li>
        <li>
          <strong>Consumer</strong> means an individual acting wholly or mainly outside their trade, business, craft or
          profession. A landlord letting property as a business is usually not acting as a consumer.
        </li>
        <li>
          <strong>Content</strong> means any information, text, photographs, documents or other material you upload or
          enter into the Service.
        </li>
        <li>
          <strong>Paid Service</strong> means any part of the Service for which a fee is charged, such as a reference
          check or a tenancy agreement.
        </li>
      </ul>

      <H>3. The Service</H>
      <p>OmniRent is an online platform for the UK private rental sector. It currently includes:</p>
      <ul>
        <li>tenant reference checks, including an affordability check using open banking;</li>
        <li>a contract builder for building, paying for, signing and sending tenancy agreements;</li>
        <li>inventory, check-in, interim and check-out reports (OmniScan);</li>
        <li>a wallet for recording income, expenses and loans for each property;</li>
        <li>a calendar for tenancy events and reminders;</li>
        <li>property listings that visitors can search, and a way to contact the owner;</li>
        <li>a documents area and a rental-sector news feed.</li>
      </ul>
      <p>
        Some features are marked &ldquo;coming soon&rdquo; and are not yet available. We may improve, change or withdraw
        features from time to time. If we withdraw a Paid Service you have paid for but not yet received, we will refund
        you.
      </p>
      <p>
        OmniRent provides software tools. We are not a letting agent, we do not act as a party to any tenancy, we do not
        hold deposits or collect rent on anyone&apos;s behalf, and we do not guarantee the conduct, identity,
        creditworthiness or suitability of any user or property.
      </p>

      <H>4. Your account</H>
      <ul>
        <li>You must be at least 18 years old and able to enter into a binding contract to create an account.</li>
        <li>
          The information you give us must be true, accurate and kept up to date. You must confirm your e-mail address
          before using the Service.
        </li>
        <li>
          Keep your password secret and do not share your account. You are responsible for what happens under your
          account unless it results from our failure to keep the Service secure. Tell us straight away at {contact} if
          you think someone else has used your account.
        </li>
        <li>
          If you act for a landlord or an organisation, you confirm that you have their authority to bind them to these
          Terms.
        </li>
        <li>
          You may close your account at any time. Your data is then kept and deleted as described in our Privacy
          Policy.
        </li>
      </ul>

      <H>5. Using the Service lawfully</H>
      <p>You agree to use the Service only for lawful purposes. In particular, landlords agree to:</p>
      <ul>
        <li>
          comply with the law that applies to their tenancies, including, in England, the Housing Act 1988 as amended
          by the Renters&apos; Rights Act 2025, the Tenant Fees Act 2019, the deposit protection rules, the Right to
          Rent rules of the Immigration Act 2014, and the Equality Act 2010;
        </li>
        <li>
          advertise only properties they are entitled to let, describe them accurately, and advertise the rent they will
          accept: rental bidding is not permitted in England;
        </li>
        <li>
          not refuse or discourage applicants because they have children or receive benefits, and not discriminate
          unlawfully in any other way;
        </li>
        <li>
          ask for reference checks only with the renter&apos;s knowledge, and use results only to decide on the tenancy
          applied for;
        </li>
        <li>
          keep any personal data they receive through the Service secure and use it in line with data protection law,
          as a controller in their own right.
        </li>
      </ul>
      <p>You also agree not to:</p>
      <ul>
        <li>upload Content that is false, misleading, defamatory, discriminatory, obscene or infringes anyone&apos;s rights;</li>
        <li>impersonate anyone or create accounts by automated means;</li>
        <li>
          try to access accounts or data that are not yours, probe or overload our systems, or copy the Service by
          scraping, reverse engineering or similar means, except as the law allows;
        </li>
        <li>use the Service to send spam or to collect other users&apos; contact details for unrelated purposes.</li>
      </ul>

      <H>6. Reference checks</H>
      <ul>
        <li>
          A reference check starts when a landlord orders and pays for it. The renter is invited to take part and must
          give their own consent before any bank data is accessed.
        </li>
        <li>
          The affordability check uses read-only access to the renter&apos;s bank account through a regulated
          open-banking provider. The landlord receives a result; the landlord never sees the renter&apos;s bank
          statements or transactions.
        </li>
        <li>
          A result is an indication of affordability based on the information available at the time. It is not a
          guarantee that rent will be paid, a credit rating, or a recommendation to let or not to let. The decision to
          offer a tenancy is the landlord&apos;s alone.
        </li>
      </ul>

      <H>7. Contract builder: not legal advice</H>
      <p>
        The contract builder helps you prepare a residential tenancy agreement from templates by answering questions.
        For tenancies of property in England starting on or after 1 May 2026, the templates are designed to follow the
        Renters&apos; Rights Act 2025: new tenancies are assured periodic tenancies with no fixed term, and the landlord
        may end them only on a statutory ground. Assured shorthold tenancies and section 21 notices are no longer
        available for new tenancies in England, and the contract builder does not create them. Wales and Scotland have
        different laws (occupation contracts and private residential tenancies); use the builder only for the
        jurisdictions it says it supports.
      </p>
      <p>
        <strong>
          Documents produced by the contract builder are not legal advice and do not create a solicitor-client
          relationship.
        </strong>{' '}
        We take care to keep the templates up to date with the law, but the law changes and every tenancy is different.
        You are responsible for the information you enter, for checking that the finished document suits your
        circumstances, and for meeting your other legal duties, such as giving the written statement of terms, protecting
        any deposit in an approved scheme and serving the prescribed information on time, and carrying out Right to
        Rent checks. If you are unsure, take advice from a qualified solicitor or another regulated adviser before
        signing.
      </p>
      <p>
        Documents are signed electronically. By signing you confirm that you intend your electronic signature to have
        the same effect as a handwritten one. We record who signed, when, the IP address and browser used, and a
        fingerprint of the document, and add an audit page to the final PDF.
      </p>

      <H>8. Other tools</H>
      <ul>
        <li>
          <strong>Inventory reports:</strong> reports record what you and other parties enter and photograph. They may
          be used as evidence in a deposit dispute, but we do not verify their contents and do not decide disputes.
        </li>
        <li>
          <strong>Wallet:</strong> a bookkeeping aid only. It is not tax or accounting advice and is not, by itself, a
          Making Tax Digital compatible filing service unless we say so. You remain responsible for your tax returns.
        </li>
        <li>
          <strong>Calendar and reminders:</strong> reminders of dates such as gas safety checks are provided as a
          convenience. You remain responsible for meeting legal deadlines even if a reminder is late or missing.
        </li>
        <li>
          <strong>Listings:</strong> landlords are responsible for their listings. We may remove a listing that breaks
          these Terms or the law.
        </li>
        <li>
          <strong>News and blog:</strong> articles, including those from third-party sources, are for general
          information only and may not reflect the latest law.
        </li>
      </ul>

      <H>9. Fees and payment</H>
      <ul>
        <li>
          Creating an account is free. Prices for Paid Services are shown before you pay and include VAT where it
          applies. Prices and any discounts are calculated by our servers; a promotional code is applied only if it is
          valid when you pay.
        </li>
        <li>
          Payments are processed by our payment provider. By paying you also agree to any terms the payment provider
          shows you. We do not store your full card details.
        </li>
        <li>
          A Paid Service is supplied when it starts, for example when a reference check invitation is sent or a
          tenancy agreement is generated.
        </li>
        <li>
          <strong>If you are a consumer</strong>, you have a right to cancel a purchase within 14 days under the
          Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013. When you ask us to
          start a Paid Service straight away, you agree that if you cancel after it has started we may charge for what
          was supplied, and that you lose the right to cancel once the service has been fully provided. This does not
          affect your statutory rights under the Consumer Rights Act 2015, including the right to a repeat performance
          or a refund if a service is not provided with reasonable care and skill.
        </li>
        <li>
          If a payment fails or is reversed, we may suspend the Paid Service it relates to until it is paid.
        </li>
      </ul>

      <H>10. Your Content</H>
      <p>
        You keep ownership of your Content. You give us a non-exclusive, royalty-free licence to host, store, copy,
        process and display your Content only as needed to provide, secure and improve the Service, including sharing
        it with the users you choose (for example the other party to an agreement). This licence ends when your Content
        is deleted, except for copies we must keep by law or under our Privacy Policy and copies already shared with
        other users. You confirm that you have the right to upload your Content and that it does not infringe anyone
        else&apos;s rights.
      </p>

      <H>11. Our intellectual property</H>
      <p>
        The Service, its software, design, templates, text and the OmniRent name and logo belong to us or our licensors.
        We give you a personal, non-transferable right to use the Service and the documents it produces for your own
        tenancies. You may not resell the templates or the Service. Open data we use is credited on our About us page.
      </p>

      <H>12. Availability and changes</H>
      <p>
        We work to keep the Service available and secure, but it is provided over the internet and we cannot promise it
        will always be uninterrupted or error-free. We may suspend it for maintenance, security or reasons outside our
        control, and will try to give notice of planned downtime. Keep your own copies of important documents; you can
        download documents you create.
      </p>

      <H>13. Privacy</H>
      <p>
        How we use personal data is explained in our Privacy Policy. We act as controller of account data; for reference
        check results and documents shared with them, landlords and tenants are also controllers of the data they
        receive.
      </p>

      <H>14. Suspension and ending these Terms</H>
      <ul>
        <li>You may stop using the Service and close your account at any time.</li>
        <li>
          We may suspend or close your account, with notice where reasonable, if you seriously or repeatedly break these
          Terms, use the Service unlawfully or in a way that could harm others, or do not pay amounts due. If we close
          your account for no fault of yours, we will refund any Paid Service not yet supplied.
        </li>
        <li>
          Sections that by their nature should continue (including 7, 10, 15, 17 and 18) survive the end of these
          Terms. Signed agreements between landlords and tenants are not affected by the closure of an account.
        </li>
      </ul>

      <H>15. Our liability</H>
      <ul>
        <li>
          Nothing in these Terms limits or excludes our liability for death or personal injury caused by our negligence,
          for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded by law,
          including your statutory rights as a consumer.
        </li>
        <li>
          <strong>If you are a consumer</strong>, we are responsible for loss or damage you suffer that is a foreseeable
          result of our breaking these Terms or failing to use reasonable care and skill. We are not responsible for
          loss that was not foreseeable, or for business losses. The Service is for domestic and private use by
          consumers.
        </li>
        <li>
          <strong>If you use the Service for business</strong>, including letting property as a landlord or agent: we
          are not liable for loss of profits, rent, revenue, business, goodwill or opportunity, or for any indirect or
          consequential loss; and our total liability to you in any 12-month period is limited to the greater of the
          fees you paid us in that period and £100.
        </li>
        <li>
          We are not responsible for the acts or omissions of other users, for the contents of tenancies between
          landlords and tenants, for decisions made using a reference check result, or for third-party services such as
          banks, the payment provider and the open-banking provider, except to the extent that our own breach caused the
          loss.
        </li>
      </ul>

      <H>16. Disputes between users</H>
      <p>
        Disputes between landlords and tenants, for example about a deposit, repairs or rent, are between them. We can
        provide copies of documents and audit records held in the Service. Deposit disputes can go to the free
        resolution service of the deposit protection scheme, and other disputes to the relevant tribunal, ombudsman or
        court.
      </p>

      <H>17. Resolving disputes with us</H>
      <ol>
        <li>
          <strong>Tell us first.</strong> If you have a complaint or dispute with OmniRent, please write to us at{' '}
          {contact} with your name, account e-mail, a description of the problem and what you would like us to do.
        </li>
        <li>
          <strong>60-day informal dispute period.</strong> You and we agree to try in good faith to resolve the dispute
          informally for 60 days from the date the written notice is received. During this period neither side will
          start arbitration or court proceedings, unless urgent action is needed to protect rights or meet a limitation
          deadline.
        </li>
        <li>
          <strong>Arbitration.</strong> If the dispute is not resolved within the 60 days, either side may refer it to
          final and binding arbitration under the Arbitration Act 1996, before a single arbitrator agreed by both sides
          or, if they cannot agree, appointed by the President of the Chartered Institute of Arbitrators. The seat of
          the arbitration is England and Wales, it will be conducted in English and may be held remotely.
        </li>
        <li>
          <strong>If you are a consumer</strong>, this arbitration clause does not bind you for claims of £5,000 or less
          (sections 89 to 91 of the Arbitration Act 1996), and it does not stop you from bringing a claim in the courts
          or using the small claims track where the law gives you that right. You may also choose to use an approved
          alternative dispute resolution service.
        </li>
      </ol>

      <H>18. Governing law</H>
      <p>
        These Terms, and any dispute or claim arising out of or in connection with them, are governed by the law of
        England and Wales. Subject to section 17, the courts of England and Wales have jurisdiction. If you are a
        consumer living in Scotland or Northern Ireland, you may also bring proceedings in your local courts, and you
        keep the protection of the mandatory consumer laws of the place where you live.
      </p>

      <H>19. General</H>
      <ul>
        <li>
          <strong>Changes to these Terms.</strong> We may change these Terms to reflect changes in the law, our Service
          or our business. We will give you at least 30 days&apos; notice of any change that affects you adversely; if
          you do not agree, you may close your account before it takes effect.
        </li>
        <li>
          <strong>Transfer.</strong> We may transfer our rights and obligations under these Terms to another
          organisation, and will tell you if we do; your rights will not be reduced. You may not transfer yours without
          our written consent.
        </li>
        <li>
          <strong>Severability.</strong> If a court finds part of these Terms invalid, the rest will continue in force.
        </li>
        <li>
          <strong>No waiver.</strong> If we delay in enforcing these Terms, we can still enforce them later.
        </li>
        <li>
          <strong>Third parties.</strong> No one other than you and us has any right to enforce these Terms under the
          Contracts (Rights of Third Parties) Act 1999.
        </li>
        <li>
          <strong>Entire agreement.</strong> These Terms and the Privacy Policy are the whole agreement between you and
          us about the Service.
        </li>
      </ul>
    </div>
  )
}
