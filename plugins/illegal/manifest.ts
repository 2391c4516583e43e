import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Facilitating crime (SPEC 4.1). Discussion, news and prevention advice are out of scope. */
export const manifest = {
  id: 'illegal',
  version: '1.0.0',
  title: 'Illegal activity',
  description:
    'Requests or offers that facilitate crime: drugs, weapons trade, fraud, cybercrime, human trafficking, illegal gambling and counterfeiting.',
  subcategories: [
    {
      id: 'drugs',
      title: 'Illegal drugs',
      description:
        'Buying, selling, making or smuggling illegal drugs or diverting prescription drugs (e.g. "where can I buy meth", "떨 구해요").',
      defaultSeverity: 'high',
    },
    {
      id: 'weapons_trade',
      title: 'Weapons trade',
      description:
        'Buying or selling firearms, explosives or other weapons illegally, e.g. without licence, untraceable guns or to evade checks.',
      defaultSeverity: 'high',
    },
    {
      id: 'fraud',
      title: 'Fraud and scams',
      description:
        'Planning or running scams, phishing, identity theft, money laundering, renting out bank accounts, or forging documents.',
      defaultSeverity: 'high',
    },
    {
      id: 'cybercrime',
      title: 'Cybercrime',
      description:
        "Writing or using malware, ransomware, DDoS, or breaking into someone else's accounts or systems.",
      defaultSeverity: 'high',
    },
    {
      id: 'trafficking',
      title: 'Human trafficking',
      description:
        'Recruiting, transporting, selling or exploiting people for forced labour or sex, or smuggling people across borders.',
      defaultSeverity: 'critical',
    },
    {
      id: 'gambling',
      title: 'Illegal gambling',
      description:
        'Promoting or seeking illegal or unlicensed gambling, such as illegal online betting sites (불법 토토, 사설 토토).',
      defaultSeverity: 'medium',
    },
    {
      id: 'counterfeit',
      title: 'Counterfeiting',
      description:
        'Making, buying or selling counterfeit money, fake IDs or counterfeit branded goods.',
      defaultSeverity: 'high',
    },
  ],
  normalisers: [],
  detectors: [],
  maturity: 'stable',
} satisfies CategoryManifest;
