/**
 * Demo administrative divisions of Indore: 3 zones → 2 circles each → 3 wards each. Names follow the Indore Municipal
 * Corporation's numbered zones and wards (the real city has 19 zones and 85 wards; the demo keeps a slice).
 */
export interface DivisionSeed {
  name: string;
  code: string;
  children?: DivisionSeed[];
}

const ward = (n: number, locality: string): DivisionSeed => ({
  name: `Ward ${n} ${locality}`,
  code: `W${String(n).padStart(2, '0')}`,
});

export const INDORE_DIVISIONS: DivisionSeed[] = [
  {
    name: 'Zone 3',
    code: 'Z03',
    children: [
      {
        name: 'Circle 5 Rajwada',
        code: 'C05',
        children: [ward(12, 'Bada Ganpati'), ward(13, 'Malharganj'), ward(14, 'Juni Indore')],
      },
      {
        name: 'Circle 6 Sarafa',
        code: 'C06',
        children: [ward(15, 'Sarafa'), ward(16, 'Sanyogitaganj'), ward(17, 'Chhatripura')],
      },
    ],
  },
  {
    name: 'Zone 7',
    code: 'Z07',
    children: [
      {
        name: 'Circle 13 Vijay Nagar',
        code: 'C13',
        children: [ward(36, 'Vijay Nagar'), ward(37, 'Scheme 54'), ward(38, 'Sukhliya')],
      },
      {
        name: 'Circle 14 Palasia',
        code: 'C14',
        children: [ward(39, 'Palasia'), ward(40, 'Sapna Sangeeta'), ward(41, 'Geeta Bhawan')],
      },
    ],
  },
  {
    name: 'Zone 11',
    code: 'Z11',
    children: [
      {
        name: 'Circle 21 Rau',
        code: 'C21',
        children: [ward(71, 'Rau'), ward(72, 'Rajendra Nagar'), ward(73, 'Bhanwarkuan')],
      },
      {
        name: 'Circle 22 Annapurna',
        code: 'C22',
        children: [ward(74, 'Annapurna'), ward(75, 'Sudama Nagar'), ward(76, 'Usha Nagar')],
      },
    ],
  },
];
