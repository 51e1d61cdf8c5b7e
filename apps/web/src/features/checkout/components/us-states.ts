/** Spec 4 and 5: shipping goes to the 50 states and DC; billing also takes territories and APO codes. */
export interface StateOption {
  code: string;
  name: string;
}

const o = (code: string, name: string): StateOption => ({ code, name });

// prettier-ignore
export const SHIPPING_STATES: readonly StateOption[] = [
  o('AL', 'Alabama'), o('AK', 'Alaska'), o('AZ', 'Arizona'), o('AR', 'Arkansas'),
  o('CA', 'California'), o('CO', 'Colorado'), o('CT', 'Connecticut'), o('DE', 'Delaware'),
  o('DC', 'District of Columbia'), o('FL', 'Florida'), o('GA', 'Georgia'), o('HI', 'Hawaii'),
  o('ID', 'Idaho'), o('IL', 'Illinois'), o('IN', 'Indiana'), o('IA', 'Iowa'), o('KS', 'Kansas'),
  o('KY', 'Kentucky'), o('LA', 'Louisiana'), o('ME', 'Maine'), o('MD', 'Maryland'),
  o('MA', 'Massachusetts'), o('MI', 'Michigan'), o('MN', 'Minnesota'), o('MS', 'Mississippi'),
  o('MO', 'Missouri'), o('MT', 'Montana'), o('NE', 'Nebraska'), o('NV', 'Nevada'),
  o('NH', 'New Hampshire'), o('NJ', 'New Jersey'), o('NM', 'New Mexico'), o('NY', 'New York'),
  o('NC', 'North Carolina'), o('ND', 'North Dakota'), o('OH', 'Ohio'), o('OK', 'Oklahoma'),
  o('OR', 'Oregon'), o('PA', 'Pennsylvania'), o('RI', 'Rhode Island'), o('SC', 'South Carolina'),
  o('SD', 'South Dakota'), o('TN', 'Tennessee'), o('TX', 'Texas'), o('UT', 'Utah'),
  o('VT', 'Vermont'), o('VA', 'Virginia'), o('WA', 'Washington'), o('WV', 'West Virginia'),
  o('WI', 'Wisconsin'), o('WY', 'Wyoming'),
];

// prettier-ignore
export const BILLING_STATES: readonly StateOption[] = [
  ...SHIPPING_STATES,
  o('AS', 'American Samoa'), o('GU', 'Guam'), o('MP', 'Northern Mariana Islands'),
  o('PR', 'Puerto Rico'), o('VI', 'U.S. Virgin Islands'), o('UM', 'U.S. Minor Outlying Islands'),
  o('AA', 'Armed Forces Americas'), o('AE', 'Armed Forces Europe'),
  o('AP', 'Armed Forces Pacific'),
];
