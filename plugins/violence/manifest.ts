import type { CategoryManifest } from '../../src/engine/plugin-registry/plugin-contract';

/** Violence against people or animals, and the means of it (SPEC 4.1). */
export const manifest = {
  id: 'violence',
  version: '1.0.0',
  title: 'Violence',
  description:
    'Threats, graphic violence, incitement, weapon making, violent extremism and animal cruelty.',
  subcategories: [
    {
      id: 'threat',
      title: 'Threat',
      description:
        'A credible statement of intent to hurt or kill a real person, including the listener (e.g. "I\'m going to kill you", "죽여버린다").',
      defaultSeverity: 'high',
    },
    {
      id: 'graphic',
      title: 'Graphic violence',
      description:
        'Detailed, gory description of injury, torture, mutilation or death, beyond what a story or the news needs.',
      defaultSeverity: 'medium',
    },
    {
      id: 'incitement',
      title: 'Incitement',
      description:
        'Urging or calling on others to commit violence against a person or group (e.g. "someone should shoot them all").',
      defaultSeverity: 'high',
    },
    {
      id: 'weapons',
      title: 'Weapon making',
      description:
        'Instructions or requests for making or modifying weapons or explosives: bombs, guns, ghost guns, poisons meant to hurt people.',
      defaultSeverity: 'high',
    },
    {
      id: 'extremism',
      title: 'Violent extremism',
      description:
        'Praise, support, propaganda or recruitment for terrorist or violent extremist groups, or glorifying mass attacks.',
      defaultSeverity: 'high',
    },
    {
      id: 'animal_cruelty',
      title: 'Animal cruelty',
      description:
        'Intent, desire or description of torturing, abusing or needlessly killing animals.',
      defaultSeverity: 'medium',
    },
  ],
  normalisers: [],
  detectors: [],
  maturity: 'stable',
} satisfies CategoryManifest;
