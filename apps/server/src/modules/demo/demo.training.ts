import type { CourseSection } from '@servicebay/domain';
import type { Db } from '../../platform/db/client.js';
import { createCoursesRepository, type NewCourse } from '../training/training.repository.js';

const section = (title: [string, string], en: string[], fr: string[]): CourseSection => ({
  title: { en: title[0], fr: title[1] },
  body: { en, fr },
});

/**
 * The training courses every new worker sees at /app/training (docs/training.md). Shop safety is
 * mandatory: a worker flagged untrained is kept on the training page until it is completed.
 */
export const DEMO_COURSES: readonly NewCourse[] = [
  {
    titleEn: 'Shop safety',
    titleFr: 'Sécurité à l’atelier',
    summaryEn: 'Lifts, protective equipment, fluids and what to do when something goes wrong.',
    summaryFr: 'Ponts élévateurs, équipement de protection, liquides et que faire en cas de problème.',
    mandatory: true,
    rank: 10,
    sections: [
      section(
        ['Lifts and jack stands', 'Ponts élévateurs et chandelles'],
        [
          'Use the lift points the manufacturer gives for the vehicle; they are in the service information and often marked under the sills. Raise the vehicle a few centimetres, check that it sits evenly on all four pads, then raise it to working height.',
          'Lower the lift onto its mechanical locks before you walk under a vehicle. Never work under a vehicle held only by a floor jack: put jack stands under a solid point of the frame first.',
        ],
        [
          'Utilisez les points de levage indiqués par le constructeur; ils figurent dans l’information de service et sont souvent marqués sous les bas de caisse. Soulevez le véhicule de quelques centimètres, vérifiez qu’il repose également sur les quatre patins, puis montez-le à hauteur de travail.',
          'Descendez le pont sur ses verrous mécaniques avant de passer sous un véhicule. Ne travaillez jamais sous un véhicule tenu seulement par un cric rouleur : placez d’abord des chandelles sous un point solide du châssis.',
        ],
      ),
      section(
        ['Personal protective equipment', 'Équipement de protection individuelle'],
        [
          'Safety glasses are worn in the bay at all times, not only when grinding or drilling. Nitrile gloves protect your skin from oil, brake fluid and coolant; change them when they tear.',
          'Wear hearing protection near impact tools and compressors, and safety footwear on the shop floor. Tie back long hair and remove rings and watches before working near belts and fans.',
        ],
        [
          'Les lunettes de sécurité se portent en tout temps dans l’atelier, pas seulement pour meuler ou percer. Les gants de nitrile protègent la peau de l’huile, du liquide de frein et de l’antigel; changez-les dès qu’ils se déchirent.',
          'Portez des protecteurs auditifs près des outils à percussion et des compresseurs, et des chaussures de sécurité dans l’atelier. Attachez les cheveux longs et retirez bagues et montres avant de travailler près des courroies et des ventilateurs.',
        ],
      ),
      section(
        ['Fluids, spills and fire', 'Liquides, déversements et incendie'],
        [
          'Catch fluids in a drain pan and pour them into the labelled recycling containers; never mix used oil with coolant or brake fluid. Cover a spill with absorbent at once so nobody slips, then sweep it up.',
          'Know where the nearest fire extinguisher is and keep the way to it clear. Disconnect the battery before working on the fuel system or on high-voltage parts, and follow the manufacturer’s procedure for hybrid and electric vehicles.',
        ],
        [
          'Recueillez les liquides dans un bac de vidange et versez-les dans les contenants de recyclage identifiés; ne mélangez jamais l’huile usée avec l’antigel ou le liquide de frein. Couvrez aussitôt un déversement d’absorbant pour que personne ne glisse, puis balayez.',
          'Sachez où se trouve l’extincteur le plus proche et gardez-en l’accès libre. Débranchez la batterie avant de travailler sur le circuit de carburant ou sur des pièces haute tension, et suivez la procédure du constructeur pour les véhicules hybrides et électriques.',
        ],
      ),
      section(
        ['When something goes wrong', 'Quand quelque chose tourne mal'],
        [
          'Stop work and make the area safe. Tell your service manager about every injury and every near miss, even a small one: the next person may not be as lucky.',
          'The first-aid kit and the eye-wash station are next to the parts counter. Their contents are checked every month by the store manager.',
        ],
        [
          'Arrêtez le travail et sécurisez la zone. Signalez chaque blessure et chaque quasi-accident à votre directeur du service, même mineur : la prochaine personne n’aura peut-être pas la même chance.',
          'La trousse de premiers soins et la douche oculaire sont à côté du comptoir des pièces. Le directeur du magasin en vérifie le contenu chaque mois.',
        ],
      ),
    ],
  },
  {
    titleEn: 'Running a digital vehicle inspection',
    titleFr: 'Faire une inspection numérique du véhicule',
    summaryEn: 'From the dashboard to a finished inspection with pictures the customer understands.',
    summaryFr: 'Du tableau de bord à une inspection terminée, avec des photos que le client comprend.',
    mandatory: false,
    rank: 20,
    sections: [
      section(
        ['Start from the dashboard', 'Partir du tableau de bord'],
        [
          'Vehicles in the shop are listed on your dashboard with their repair order number. Open the vehicle you are working on; its inspection opens at the first group of items.',
          'Check the mileage in before anything else: the report and the maintenance schedule both depend on it.',
        ],
        [
          'Les véhicules à l’atelier sont listés sur votre tableau de bord avec leur numéro de bon de travail. Ouvrez le véhicule sur lequel vous travaillez; son inspection s’ouvre au premier groupe d’éléments.',
          'Vérifiez le kilométrage à l’arrivée avant toute chose : le rapport et le calendrier d’entretien en dépendent.',
        ],
      ),
      section(
        ['Rate every item', 'Évaluer chaque élément'],
        [
          'Each item is okay (green), needs attention soon (yellow) or needs attention now (red). Use not applicable only when the item does not exist on this vehicle.',
          'A yellow or red item needs a finding and a recommendation. Measure what can be measured (tread depth, brake pad thickness) and record the value.',
        ],
        [
          'Chaque élément est correct (vert), à surveiller bientôt (jaune) ou à corriger maintenant (rouge). N’utilisez « sans objet » que lorsque l’élément n’existe pas sur ce véhicule.',
          'Un élément jaune ou rouge demande une constatation et une recommandation. Mesurez ce qui se mesure (profondeur des pneus, épaisseur des plaquettes) et notez la valeur.',
        ],
      ),
      section(
        ['Pictures that explain', 'Des photos qui expliquent'],
        [
          'Take a picture of every yellow and red item. Fill the frame with the part, and use the arrow or circle to point at the problem.',
          'Short videos help for noises and leaks; keep them under a minute. When you finish, the advisor is told that the inspection is ready for the estimate.',
        ],
        [
          'Prenez une photo de chaque élément jaune ou rouge. Cadrez la pièce de près et pointez le problème avec la flèche ou le cercle.',
          'Une courte vidéo aide pour les bruits et les fuites; gardez-la sous une minute. Quand vous terminez, le conseiller est avisé que l’inspection est prête pour l’estimation.',
        ],
      ),
    ],
  },
  {
    titleEn: 'Writing findings customers understand',
    titleFr: 'Rédiger des constatations que le client comprend',
    summaryEn: 'Plain words, the reason it matters, and what happens if it waits.',
    summaryFr: 'Des mots simples, pourquoi c’est important et ce qui arrive si on attend.',
    mandatory: false,
    rank: 30,
    sections: [
      section(
        ['Say what you saw', 'Dites ce que vous avez vu'],
        [
          'Write the finding as you would say it at the counter: “The front brake pads are 2 mm thick; new pads are 10 mm.” Avoid shop shorthand the customer cannot read.',
        ],
        [
          'Écrivez la constatation comme vous la diriez au comptoir : « Les plaquettes de frein avant ont 2 mm d’épaisseur; des plaquettes neuves en ont 10. » Évitez le jargon d’atelier que le client ne comprend pas.',
        ],
      ),
      section(
        ['Say why it matters', 'Dites pourquoi c’est important'],
        [
          'Give the consequence of waiting: longer stopping distances, a noise that will get worse, a repair that will cost more later. Customers approve work they understand.',
        ],
        [
          'Donnez la conséquence d’attendre : une distance de freinage plus longue, un bruit qui empirera, une réparation qui coûtera plus cher plus tard. Les clients approuvent les travaux qu’ils comprennent.',
        ],
      ),
    ],
  },
];

/**
 * Seeds the courses once: nothing happens when any course exists. The workers seeded as trained
 * have completed every mandatory course, as a worker who passed the training has, so their
 * training page counts the mandatory courses done under "Your mandatory training is complete".
 */
export async function seedDemoCourses(db: Db, trainedWorkerIds: readonly string[]): Promise<void> {
  const repo = createCoursesRepository(db);
  if ((await repo.countCourses()) > 0) return;
  for (const values of DEMO_COURSES) {
    const course = await repo.insertCourse(values);
    if (!course.mandatory) continue;
    for (const userId of trainedWorkerIds) await repo.complete(userId, course.id);
  }
}
